"use client";

import { usePathname } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { entryStateFor } from "@/lib/browser-safe/reports/entry-state";
import { ReportNotice, type Notice } from "./report-notice";
import { recentReports, useRecentReports } from "@/hooks/use-recent-reports";
import { useStatusChecks } from "@/hooks/use-status-checks";
import { usePageVisible } from "@/hooks/use-page-visible";
import { useReadyTitle } from "@/hooks/use-ready-title";
import { fetchExecutionStatus, type ExecutionStatus } from "@/hooks/use-reports";
import { isSignedOut } from "@/lib/browser-safe/errors";

/** How long the Reports list must have shown news before it counts as seen. */
const SEEN_AFTER_MS = 1000;

/**
 * Mounted once in the portal layout (report-watch.tsx, while there are
 * recent reports), so reports keep being watched on every page: polls each
 * running report with a growing pause (poll-backoff.ts), checks finished
 * ones once per page load (files expire, handles disappear), and tells the
 * person when one is ready.
 */
export function ReportWatcher({ storageKey }: { storageKey: string }) {
  const entries = useRecentReports(storageKey) ?? [];
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  // On Reports itself the list shows the news: no card, and the tab title
  // only while the tab is in the background.
  const onReportsPage = usePathname() === "/reports";
  const visible = usePageVisible();
  const watchingList = onReportsPage && visible;
  // News the list has shown for SEEN_AFTER_MS is seen: no card or title for
  // it later. Not at once: news that comes while the person leaves Reports
  // (its page stays until the next one is ready) would otherwise never show.
  useEffect(() => {
    if (!watchingList || !notice || notice.seen) return undefined;
    const timer = setTimeout(
      () => setNotice((current) => (current === notice ? { ...notice, seen: true } : current)),
      SEEN_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [watchingList, notice]);
  useReadyTitle(notice?.kind === "ready" && !notice.seen && !watchingList);

  const announce = useCallback((next: Omit<Notice, "seen">) => {
    setNotice((current) =>
      // A failure does not push aside a ready file the person has not seen yet.
      next.kind === "failed" && current?.kind === "ready" && !current.seen ? current : { ...next, seen: false },
    );
  }, []);

  const check = useCallback(
    async (executionId: number) => {
      const status = await fetchExecutionStatus(executionId);
      const entry = recentReports.find(storageKey, executionId);
      if (!entry) return status;
      const next = entryStateFor(status, entry);
      if (next === "drop") {
        recentReports.remove(storageKey, executionId);
        return status;
      }
      const now = Date.now();
      recentReports.update(
        storageKey,
        executionId,
        next === "ready" ? { state: next, readyAt: entry.readyAt ?? now } : { state: next },
      );
      if (entry.state === "running" && (next === "ready" || next === "failed"))
        announce({ kind: next, entry: { ...entry, state: next } });
      return status;
    },
    [storageKey, announce],
  );

  // Signed out: stop asking; the next navigation goes to sign-in.
  const signedOut = useCallback(() => setSessionEnded(true), []);

  return (
    <>
      {sessionEnded
        ? null
        : entries.map((entry) => (
            <StatusChecks
              key={entry.executionId}
              executionId={entry.executionId}
              check={check}
              storageKey={storageKey}
              onSignedOut={signedOut}
            />
          ))}
      <ReportNotice notice={notice} showCard={!onReportsPage && !notice?.seen} onDismiss={() => setNotice(null)} />
    </>
  );
}

/** One report's checks (useStatusChecks), while it is in the list. */
function StatusChecks({
  executionId,
  check,
  storageKey,
  onSignedOut,
}: {
  executionId: number;
  check: (executionId: number) => Promise<ExecutionStatus>;
  storageKey: string;
  onSignedOut: () => void;
}) {
  const { error } = useStatusChecks(executionId, {
    check,
    running: () => recentReports.find(storageKey, executionId)?.state === "running",
  });
  const signedOut = isSignedOut(error);
  useEffect(() => {
    if (signedOut) onSignedOut();
  }, [signedOut, onSignedOut]);
  return null;
}
