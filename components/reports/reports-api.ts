"use client";

import { z } from "zod/mini";
import {
  reportListDto,
  startedDto,
  statusDto,
  type ReportDto,
  type StartedDto,
  type StatusDto,
} from "@/lib/browser-safe/reports/dto";
import type { ReportFormat } from "@/lib/browser-safe/reports/formats";

// The browser's calls to the portal's report routes. Answers are checked with
// the routes' own schemas; an error carries the route's sentence for the user
// (in the person's language) when the route gave one.

const errorAnswer = z.object({ error: z.string(), message: z.string() });

export class ReportsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ReportsApiError";
  }
}

async function call<T>(input: string, schema: z.ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  const response = await fetch(input, {
    ...init,
    cache: "no-store",
    headers: { accept: "application/json", ...init.headers },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorAnswer.safeParse(body);
    throw new ReportsApiError(
      response.status,
      parsed.success ? parsed.data.error : "unknown",
      parsed.success ? parsed.data.message : "",
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ReportsApiError(response.status, "malformed", "");
  return parsed.data;
}

export async function fetchReports(): Promise<ReportDto[]> {
  return (await call("/api/reports", reportListDto)).reports;
}

export function startReport(reportId: number, format: ReportFormat): Promise<StartedDto> {
  return call("/api/reports/executions", startedDto, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reportId, format }),
  });
}

export async function fetchStatus(executionId: number): Promise<StatusDto["status"] | "unknown"> {
  try {
    return (await call(`/api/reports/executions/${executionId}/status`, statusDto)).status;
  } catch (error) {
    if (error instanceof ReportsApiError && error.status === 404) return "unknown";
    throw error;
  }
}

/** The route's own sentence for a failure, else the caller's. */
export function sentenceFor(error: unknown, fallback: string): string {
  return error instanceof ReportsApiError && error.message ? error.message : fallback;
}

export function downloadHref(executionId: number): string {
  return `/api/reports/executions/${executionId}/download`;
}
