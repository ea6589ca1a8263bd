"use client";

import { useQuery } from "@tanstack/react-query";
import { PortalError } from "@/lib/browser-safe/errors";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson } from "@/lib/browser-safe/fetch-json";
import { readAgainOnFocusAfter } from "@/lib/browser-safe/query-client";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { reportListPath } from "@/lib/browser-safe/reports/list-path";
import type { statusResponse, StatusResponse } from "@/app/api/reports/executions/[id]/schema";
import type { reportListResponse } from "@/app/api/reports/schema";

/** The reports the person may run (`offered: false` when the server has none for the portal); they change rarely. */
export function useReports() {
  return useQuery({
    queryKey: queryKeys.reports,
    queryFn: () => fetchJson<Answer<typeof reportListResponse>>(reportListPath),
    refetchOnWindowFocus: readAgainOnFocusAfter(5 * 60_000),
  });
}

export type ExecutionStatus = StatusResponse["status"] | "unknown";

/** How a report execution is doing; "unknown" when the print server knows it no more (or never did). */
export async function fetchExecutionStatus(executionId: number): Promise<ExecutionStatus> {
  try {
    return (await fetchJson<Answer<typeof statusResponse>>(`/api/reports/executions/${executionId}/status`)).status;
  } catch (error) {
    if (error instanceof PortalError && error.code === "not_found") return "unknown";
    throw error;
  }
}
