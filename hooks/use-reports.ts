"use client";

import { PortalError } from "@/lib/browser-safe/errors";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson } from "@/lib/browser-safe/fetch-json";
import { reportListPath } from "@/lib/browser-safe/reports/list-path";
import { usePortalRead } from "./use-portal-read";
import type { statusResponse, StatusResponse } from "@/app/api/reports/executions/[id]/schema";
import type { reportListResponse } from "@/app/api/reports/schema";

/** The reports the person may run (`offered: false` when the server has none for the portal); they change rarely. */
export function useReports() {
  return usePortalRead<Answer<typeof reportListResponse>>(reportListPath, { refreshOnFocusAfterMs: 5 * 60_000 });
}

/** How a report execution is doing; "unknown" when the print server knows it no more (or never did). */
export async function fetchExecutionStatus(executionId: number): Promise<StatusResponse["status"] | "unknown"> {
  try {
    return (await fetchJson<Answer<typeof statusResponse>>(`/api/reports/executions/${executionId}/status`)).status;
  } catch (error) {
    if (error instanceof PortalError && error.code === "not_found") return "unknown";
    throw error;
  }
}
