"use client";

import { LoaderCircle, Play } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { ReportDto } from "@/lib/reports/dto";
import { formatName, isReportFormat, type ReportFormat } from "@/lib/reports/formats";
import { sentenceFor } from "./reports-api";
import { useStartReport } from "./use-start-report";

/** One report: its name, a format choice and Run. */
export function ReportRow({ report, storageKey }: { report: ReportDto; storageKey: string }) {
  const t = useTranslations("reports");
  const id = useId();
  const [format, setFormat] = useState<ReportFormat>(report.formats[0] ?? "pdf");
  const start = useStartReport(storageKey);

  function run(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    start.mutate({ reportId: report.id, format });
  }

  return (
    <li className="rounded-card border border-border bg-surface p-4">
      {/* A group named by the report, so "Run" and "Format" are found per report; the
          role sits on a div because a form may not take it (axe aria-allowed-role). */}
      <div role="group" aria-labelledby={`${id}-name`}>
        <form onSubmit={run} className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h3 id={`${id}-name`} className="text-lg font-semibold sm:self-center">
            {report.name}
          </h3>
          <div className="flex items-end gap-3">
            <div className="flex flex-1 flex-col gap-1 sm:flex-none">
              <label htmlFor={`${id}-format`} className="text-sm font-medium text-fg-muted">
                {t("formatLabel")}
              </label>
              <select
                id={`${id}-format`}
                value={format}
                onChange={(event) => {
                  if (isReportFormat(event.target.value)) setFormat(event.target.value);
                }}
                className="min-h-11 rounded-lg border border-border bg-surface px-3 text-base text-fg"
              >
                {report.formats.map((f) => (
                  <option key={f} value={f}>
                    {formatName(f)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={start.isPending} aria-busy={start.isPending}>
              {start.isPending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : <Play aria-hidden="true" className="size-5" />}
              {t("run")}
            </Button>
          </div>
        </form>
      </div>
      <p aria-live="polite" className="text-danger-text empty:hidden [&:not(:empty)]:mt-3">
        {start.isError ? sentenceFor(start.error, t("startFailed")) : ""}
      </p>
    </li>
  );
}
