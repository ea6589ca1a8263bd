"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ReportRow, ReportRowPlaceholder } from "./report-row";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useReports } from "@/hooks/use-reports";
import { isSignedOut } from "@/lib/browser-safe/errors";

const skeletonRows = 3;

/** The reports the person may run: loading, error, empty and the list. */
export function AvailableReports({ storageKey }: { storageKey: string }) {
  const t = useTranslations("reports");
  const reports = useReports();
  const sentence = useErrorSentence();

  return (
    <section aria-labelledby="available-reports" className="flex flex-col gap-3">
      <h2 id="available-reports" className="text-xl font-semibold">
        {t("availableHeading")}
      </h2>
      {reports.error ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{sentence(reports.error, t("reportsFailed"))}</Alert>
          <Button
            variant="secondary"
            onClick={() => {
              // A session that ended needs the sign-in page, which a reload brings.
              if (isSignedOut(reports.error)) window.location.reload();
              else void reports.refetch();
            }}
          >
            {t("retry")}
          </Button>
        </div>
      ) : reports.data === undefined ? (
        <ul aria-busy="true" className="flex flex-col gap-3">
          <li className="sr-only">{t("loadingReports")}</li>
          {Array.from({ length: skeletonRows }, (_, index) => (
            <ReportRowPlaceholder key={index} />
          ))}
        </ul>
      ) : !reports.data.offered ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">{t("notOffered")}</p>
      ) : reports.data.reports.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">{t("noReports")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.data.reports.map((report) => (
            <ReportRow key={report.id} report={report} storageKey={storageKey} />
          ))}
        </ul>
      )}
    </section>
  );
}
