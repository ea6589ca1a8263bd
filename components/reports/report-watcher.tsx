"use client";

import { useQueries } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useCallback, useState, useSyncExternalStore } from "react";
import { entryStateFor } from "@/lib/reports/entry-state";
import { pollDelayMs } from "@/lib/reports/poll-backoff";
import type { RecentEntry } from "@/lib/reports/recent-entries";
import { ReportNotice, type Notice } from "./report-notice";
import { recentReports, useRecentReports } from "./recent-reports-store";
import { fetchStatus, ReportsApiError } from "./reports-api";
import { useReadyTitle } from "./use-ready-title";

/**
 * Mounted once in the portal layout, so reports keep being watched on every
 * page: polls each running report with backoff (1 s growing to 5 s), checks
 * finished ones once per page load (files expire, handles disappear), and
 * tells the person when one is ready.
 */
export function ReportWatcher({ storageKey }: { storageKey: string }) {
  const entries = useRecentReports(storageKey) ?? [];
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  // On Reports itself the list shows the news: no card, and the tab title
  // only while the tab is in the background.
  const onReportsPage = usePathname() === "/reports";
  const visible = usePageVisible();
  useReadyTitle(notice?.kind === "ready" && (!onReportsPage || !visible));

  const check = useCallback(
    async (executionId: number) => {
      let status: Awaited<ReturnType<typeof fetchStatus>>;
      try {
        status = await fetchStatus(executionId);
      } catch (error) {
        // Signed out: stop asking; the next navigation goes to sign-in.
        if (error instanceof ReportsApiError && error.status === 401) setSessionEnded(true);
        throw error;
      }
      const entry = recentReports.find(storageKey, executionId);
      if (!entry) return status;
      const next = entryStateFor(status, entry);
      if (next === "drop") {
        recentReports.remove(storageKey, executionId);
        return status;
      }
      const now = Date.now();
      recentReports.update(storageKey, executionId, next === "ready" ? { state: next, readyAt: entry.readyAt ?? now } : { state: next });
      if (entry.state === "running" && (next === "ready" || next === "failed")) setNotice({ kind: next, entry: { ...entry, state: next } });
      return status;
    },
    [storageKey],
  );

  useQueries({
    queries: sessionEnded
      ? []
      : entries.map((entry: RecentEntry) => ({
          queryKey: ["report-status", storageKey, entry.executionId],
          queryFn: () => check(entry.executionId),
          staleTime: Infinity,
          gcTime: 0,
          retry: false,
          refetchOnWindowFocus: false,
          // Keep asking in a background tab: the tab title is how it learns.
          refetchIntervalInBackground: true,
          refetchInterval: (query: { state: { dataUpdateCount: number; errorUpdateCount: number } }) =>
            recentReports.find(storageKey, entry.executionId)?.state === "running"
              ? pollDelayMs(query.state.dataUpdateCount + query.state.errorUpdateCount)
              : false,
        })),
  });

  return <ReportNotice notice={notice} showCard={!onReportsPage} onDismiss={() => setNotice(null)} />;
}

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === "visible",
    () => true,
  );
}
