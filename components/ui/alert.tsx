import { CircleAlert, Info } from "lucide-react";
import type { ReactNode } from "react";

/** A message above a form; role=alert makes screen readers announce it at once. */
export function Alert({ tone = "error", children }: { tone?: "error" | "info"; children: ReactNode }) {
  const styles =
    tone === "error"
      ? "border-danger-border bg-danger-bg text-danger-text"
      : "border-transparent bg-info-bg text-info-text";
  const Icon = tone === "error" ? CircleAlert : Info;
  return (
    <div role="alert" className={`flex items-start gap-3 rounded-lg border p-3 text-base ${styles}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
