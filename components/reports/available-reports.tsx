"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ReportRow, ReportRowPlaceholder } from "./report-row";
import { fetchReports, ReportsApiError, sentenceFor } from "./reports-api";

const skeletonRows = 3;

/** The reports the person may run: loading, error, empty and the list. */
export function AvailableReports({ storageKey }: { storageKey: string }) {
  const t = useTranslations("reports");
  const reports = useQuery({ queryKey: ["reports"], queryFn: fetchReports, staleTime: 5 * 60_000 });

  return (
    <section aria-labelledby="available-reports" className="flex flex-col gap-3">
      <h2 id="available-reports" className="text-xl font-semibold">
        {t("availableHeading")}
      </h2>
      {reports.isPending ? (
        <ul aria-busy="true" className="flex flex-col gap-3">
          <li className="sr-only">{t("loadingReports")}</li>
          {Array.from({ length: skeletonRows }, (_, index) => (
            <ReportRowPlaceholder key={index} />
          ))}
        </ul>
      ) : reports.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{sentenceFor(reports.error, t("reportsFailed"))}</Alert>
          <Button
            variant="secondary"
            onClick={() => {
              // A session that ended needs the sign-in page, which a reload brings.
              if (reports.error instanceof ReportsApiError && reports.error.status === 401) window.location.reload();
              else void reports.refetch();
            }}
          >
            {t("retry")}
          </Button>
        </div>
      ) : reports.data.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">{t("noReports")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.data.map((report) => (
            <ReportRow key={report.id} report={report} storageKey={storageKey} />
          ))}
        </ul>
      )}
    </section>
  );
}
