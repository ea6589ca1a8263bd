"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import type { IconName } from "@/components/icons/icon-names";
import type { EntryState } from "@/lib/browser-safe/reports/entry-state";
import { formatName } from "@/lib/browser-safe/reports/report-format";
import type { RecentEntry } from "@/lib/browser-safe/reports/recent-entries";
import { formatElapsed } from "@/lib/browser-safe/elapsed-format";
import { nearMoment } from "@/lib/browser-safe/time-format";
import { useFormatLocale } from "@/hooks/use-format-locale";
import { recentReports } from "@/hooks/use-recent-reports";
import { DownloadLink } from "./download-link";
import { useErrorSentence } from "@/hooks/use-error-sentence";
import { useStartReport } from "@/hooks/use-start-report";
import { useFocusHandOver } from "@/hooks/use-focus-hand-over";

const stateLook: Record<EntryState, { icon: IconName; tone: string }> = {
  running: { icon: "spinner", tone: "bg-info-bg text-info-text" },
  ready: { icon: "ready", tone: "bg-info-bg text-info-text" },
  failed: { icon: "alert", tone: "bg-danger-bg text-danger-text" },
  expired: { icon: "clock", tone: "bg-surface-muted text-fg-muted" },
};

const recentHeading = () => document.getElementById("recent-reports");

export function RecentReportItem({ entry, now, storageKey }: { entry: RecentEntry; now: number; storageKey: string }) {
  const t = useTranslations("reports");
  const locale = useFormatLocale();
  const look = stateLook[entry.state];
  // Entries come from browser storage, so this renders in the browser only,
  // with the person's own clock and time zone.
  const started = t("startedAt", nearMoment(entry.startedAt, now, locale));
  const restart = useStartReport(storageKey);
  const sentence = useErrorSentence();
  const rerun = () => restart.mutate({ reportId: entry.reportId, format: entry.format, replaces: entry.executionId });
  // An entry that leaves with the focus in it (removed; run again, which puts
  // the new run at the top) hands it to the list's heading.
  const item = useFocusHandOver<HTMLLIElement>(recentHeading);

  return (
    <li
      ref={item}
      data-execution-id={entry.executionId}
      aria-label={t("describeEntry", { name: entry.reportName, format: formatName(entry.format) })}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{entry.reportName}</p>
        <p className="text-sm text-fg-muted">
          {formatName(entry.format)}
          {` · ${started}`}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium ${look.tone}`}>
            <Icon name={look.icon} className={`size-4 ${entry.state === "running" ? "animate-spin" : ""}`} />
            {t(`state.${entry.state}`)}
          </span>
          {entry.state === "running" ? (
            <span className="text-fg-muted">{t("runningFor", { elapsed: formatElapsed(now - entry.startedAt) })}</span>
          ) : null}
          {entry.state === "failed" ? <span>{t("failedDetail")}</span> : null}
          {entry.state === "expired" ? <span className="text-fg-muted">{t("expiredDetail")}</span> : null}
        </p>
        {restart.isError ? (
          <p role="alert" className="text-sm text-danger-text">
            {sentence(restart.error, t("startFailed"))}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {entry.state === "ready" ? (
          <DownloadLink executionId={entry.executionId}>
            <Icon name="download" className="size-5" />
            {t("download")}
          </DownloadLink>
        ) : null}
        {entry.state === "failed" || entry.state === "expired" ? (
          <Button variant="secondary" onClick={rerun} aria-disabled={restart.isPending} aria-busy={restart.isPending}>
            <Icon name="retry" className="size-5" />
            {entry.state === "failed" ? t("retry") : t("runAgain")}
          </Button>
        ) : null}
        {entry.state !== "running" ? (
          <Button variant="ghost" onClick={() => recentReports.remove(storageKey, entry.executionId)}>
            {t("remove")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
