"use client";

import { useMutation } from "@tanstack/react-query";
import type { Answer } from "@/lib/browser-safe/answer";
import { postJson } from "@/lib/browser-safe/fetch-json";
import type { startedResponse } from "@/app/api/reports/executions/schema";
import type { ReportFormat } from "@/lib/browser-safe/reports/report-format";
import { recentReports } from "./use-recent-reports";

interface StartVariables {
  reportId: number;
  format: ReportFormat;
  /** A failed or expired entry this run takes the place of. */
  replaces?: number;
}

/**
 * Starts a report and puts it at the top of "Recent reports" as running
 * (this browser's list, which the watcher checks from then on); nothing
 * the cache holds changes with it.
 */
export function useStartReport(storageKey: string) {
  return useMutation({
    mutationFn: ({ reportId, format }: StartVariables) =>
      postJson<Answer<typeof startedResponse>>("/api/reports/executions", { reportId, format }),
    onSuccess: (started, { replaces }) => {
      if (replaces !== undefined) recentReports.remove(storageKey, replaces);
      // This browser's clock, so the elapsed time it shows starts at zero.
      recentReports.add(storageKey, { ...started, startedAt: Date.now(), state: "running" });
    },
  });
}
