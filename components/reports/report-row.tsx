"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import type { ReportSummary } from "@/app/api/reports/schema";
import { formatName, isReportFormat, type ReportFormat } from "@/lib/browser-safe/reports/report-format";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useStartReport } from "@/hooks/use-start-report";

// The row's layout, shared with its loading placeholder so the page does not
// jump when the reports arrive, at any width and in any language.
const rowLayout = "flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between";
// Wraps on a narrow screen: Run moves under the format rather than squeeze it
// (the longest format name needs about 14rem) or be squeezed narrower than
// its own label.
const controlsLayout = "flex flex-wrap items-end gap-3";
const formatLayout = "flex min-w-0 grow basis-56 flex-col gap-1 sm:flex-none sm:basis-auto";

/** One report: its name, a format choice and Run. */
export function ReportRow({ report, storageKey }: { report: ReportSummary; storageKey: string }) {
  const t = useTranslations("reports");
  const id = useId();
  const [format, setFormat] = useState<ReportFormat>(report.formats[0] ?? "pdf");
  const start = useStartReport(storageKey);
  const sentence = useErrorSentence();

  function run(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    start.mutate({ reportId: report.id, format });
  }

  return (
    <li className="rounded-card border border-border bg-surface p-4">
      {/* A group named by the report, so "Run" and "Format" are found per report; the
          role sits on a div because a form may not take it (axe aria-allowed-role). */}
      <div role="group" aria-labelledby={`${id}-name`}>
        <form onSubmit={run} className={rowLayout}>
          <h3 id={`${id}-name`} className="text-lg font-semibold sm:self-center">
            {report.name}
          </h3>
          <div className={controlsLayout}>
            <div className={formatLayout}>
              <label htmlFor={`${id}-format`} className="text-sm font-medium text-fg-muted">
                {t("formatLabel")}
              </label>
              <select
                id={`${id}-format`}
                value={format}
                onChange={(event) => {
                  if (isReportFormat(event.target.value)) setFormat(event.target.value);
                }}
                className="min-h-11 w-full rounded-lg border border-field-border bg-surface px-3 text-base text-fg"
              >
                {report.formats.map((f) => (
                  <option key={f} value={f}>
                    {formatName(f)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" aria-disabled={start.isPending} aria-busy={start.isPending}>
              {start.isPending ? (
                <Icon name="spinner" className="size-5 animate-spin" />
              ) : (
                <Icon name="play" className="size-5" />
              )}
              {t("run")}
            </Button>
          </div>
        </form>
      </div>
      <p aria-live="polite" className="text-danger-text empty:hidden [&:not(:empty)]:mt-3">
        {start.isError ? sentence(start.error, t("startFailed")) : ""}
      </p>
    </li>
  );
}

/** A row while the reports load: the same boxes, with the texts unseen. */
export function ReportRowPlaceholder() {
  const t = useTranslations("reports");
  return (
    <li aria-hidden="true" className="animate-pulse rounded-card border border-border bg-surface p-4">
      <div className={rowLayout}>
        <div className="h-7 w-48 max-w-full rounded-md bg-surface-muted sm:self-center" />
        <div className={controlsLayout}>
          <div className={formatLayout}>
            <span className="invisible text-sm font-medium">{t("formatLabel")}</span>
            <div className="min-h-11 w-full rounded-lg bg-surface-muted sm:w-56" />
          </div>
          <span className={buttonClasses("primary", "invisible")}>
            <Icon name="play" className="size-5" />
            {t("run")}
          </span>
        </div>
      </div>
    </li>
  );
}
