import { useId, type ReactNode } from "react";

/** A titled card; the heading names the region for screen readers. */
export function PanelSection({ title, busy, children }: { title: string; busy: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={busy}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
