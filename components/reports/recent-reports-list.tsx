"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RecentReportItem } from "./recent-report-item";
import { useRecentReports } from "@/hooks/use-recent-reports";
import { useRetryStatusChecks, useStatusChecksFailing } from "@/hooks/use-status-checks";
import { useNow } from "@/hooks/use-now";

/** "Recent reports": what this person ran on this browser, newest first. */
export function RecentReportsList({ storageKey }: { storageKey: string }) {
  const t = useTranslations("reports");
  const entries = useRecentReports(storageKey);
  const now = useNow(entries?.some((entry) => entry.state === "running") ?? false);
  const checksFailing = useStatusChecksFailing();
  const retryStatusChecks = useRetryStatusChecks();

  return (
    <section aria-labelledby="recent-reports" className="flex flex-col gap-3">
      {/* Focusable by script: it has the focus when an entry that had it leaves (recent-report-item.tsx). */}
      <h2 id="recent-reports" tabIndex={-1} className="text-xl font-semibold">
        {t("recentHeading")}
      </h2>
      {checksFailing && entries?.length ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="info">{t("checksFailing")}</Alert>
          <Button variant="secondary" onClick={retryStatusChecks}>
            {t("retry")}
          </Button>
        </div>
      ) : null}
      {entries === null ? (
        <div aria-busy="true" className="h-[4.75rem] animate-pulse rounded-card border border-border bg-surface">
          <span className="sr-only">{t("loadingRecent")}</span>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">{t("recentEmpty")}</p>
      ) : (
        <ul aria-label={t("recentHeading")} className="flex flex-col gap-3">
          {entries.map((entry) => (
            <RecentReportItem key={entry.executionId} entry={entry} now={now} storageKey={storageKey} />
          ))}
        </ul>
      )}
    </section>
  );
}
