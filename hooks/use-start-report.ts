"use client";

import { useCallback } from "react";
import type { Answer } from "@/lib/browser-safe/answer";
import { postJson } from "@/lib/browser-safe/fetch-json";
import type { startedResponse } from "@/app/api/reports/executions/schema";
import type { ReportFormat } from "@/lib/browser-safe/reports/report-format";
import { recentReports } from "./use-recent-reports";
import { usePortalAction } from "./use-portal-action";

interface StartVariables {
  reportId: number;
  format: ReportFormat;
  /** A failed or expired entry this run takes the place of. */
  replaces?: number;
}

/** Starts a report and puts it at the top of "Recent reports" as running. */
export function useStartReport(storageKey: string) {
  const start = useCallback(
    async ({ reportId, format, replaces }: StartVariables) => {
      const started = await postJson<Answer<typeof startedResponse>>("/api/reports/executions", { reportId, format });
      if (replaces !== undefined) recentReports.remove(storageKey, replaces);
      // This browser's clock, so the elapsed time it shows starts at zero.
      recentReports.add(storageKey, { ...started, startedAt: Date.now(), state: "running" });
      return started;
    },
    [storageKey],
  );
  return usePortalAction(start);
}
