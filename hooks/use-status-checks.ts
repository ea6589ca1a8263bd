"use client";

import { useQuery, useQueryClient, type Query } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { pollDelayMs } from "@/lib/browser-safe/reports/poll-backoff";
import type { ExecutionStatus } from "./use-reports";

// The checks on the person's recent reports (report-watcher.tsx): one query
// per execution in the tab's cache, so "Recent reports" can say when the
// last check failed (print server or network away) and offer Retry.

interface StatusChecksOptions {
  /** Asks the portal and records the answer. */
  check: (executionId: number) => Promise<ExecutionStatus>;
  /** Whether the report still runs: checked again, with a growing pause, until it does not. */
  running: () => boolean;
}

/**
 * One report's checks: one when it appears (or the page loads), then, while
 * it runs, more with a growing pause, also in a background tab (the tab
 * title is how it learns). A failed check is not retried: the next one is.
 */
export function useStatusChecks(executionId: number, { check, running }: StatusChecksOptions) {
  return useQuery({
    queryKey: queryKeys.reportExecution(executionId),
    queryFn: () => check(executionId),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      running() ? pollDelayMs(query.state.dataUpdateCount + query.state.errorUpdateCount) : false,
    refetchIntervalInBackground: true,
  });
}

/** The last check of a watched report failed. */
const lastCheckFailed = (query: Query) => query.state.errorUpdatedAt > query.state.dataUpdatedAt;

/** Whether a watched report's last check failed. */
export function useStatusChecksFailing(): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => cache.findAll({ queryKey: queryKeys.reportExecutions, type: "active" }).some(lastCheckFailed),
    () => false,
  );
}

/** "Retry" beside the failing checks: every watched report is checked again now. */
export function useRetryStatusChecks(): () => void {
  const client = useQueryClient();
  return useCallback(
    () => void client.refetchQueries({ queryKey: queryKeys.reportExecutions, type: "active" }),
    [client],
  );
}
