import type { ReactNode } from "react";
import { Icon } from "@/components/icons/icon-provider";

/** A message above a form; role=alert makes screen readers announce it at once. */
export function Alert({ tone = "error", children }: { tone?: "error" | "info"; children: ReactNode }) {
  const styles =
    tone === "error"
      ? "border-danger-border bg-danger-bg text-danger-text"
      : "border-transparent bg-info-bg text-info-text";
  return (
    <div role="alert" className={`flex items-start gap-3 rounded-lg border p-3 text-base ${styles}`}>
      <Icon name={tone === "error" ? "alert" : "info"} className="mt-0.5 size-5" />
      <p>{children}</p>
    </div>
  );
}
