import "server-only";
import { z } from "zod";
import { absentEndpointStatus } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { executionStatusOf, type ExecutionStatus } from "@/lib/browser-safe/reports/execution-status";
import { parseFormats, type ReportFormat } from "@/lib/browser-safe/reports/formats";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError, mapTransportError } from "./error-mapping";
import { parseAnswer } from "./parse-answer";
import { send } from "./send";

// Reports on the print server, always with the user's token: which reports
// they may run, starting one, asking how it is doing and streaming its file.

const reportList = z.object({
  reports: z.array(z.object({ id: z.number().int().positive(), name: z.string(), formats: z.string() })),
});
const started = z.object({ executionId: z.number().int().positive() });

export interface AvailableReport {
  id: number;
  name: string;
  formats: ReportFormat[];
}

/**
 * The reports this user may run, each with the formats the portal can offer;
 * null when the server does not offer reports (404, see
 * lib/browser-safe/contract-assumptions.ts, `absentEndpointStatus`).
 */
export async function listReports(
  accessToken: string,
  api: PrintServerApi = printServerApi(),
): Promise<AvailableReport[] | null> {
  let data: unknown;
  try {
    ({ data } = await send(() => api.GET("/v3/reports", { headers: bearer(accessToken) }), mapApiError));
  } catch (error) {
    if (error instanceof PortalError && error.upstreamStatus === absentEndpointStatus) return null;
    throw error;
  }
  return parseAnswer(reportList, data, "report list")
    .reports.map((report) => ({ id: report.id, name: report.name, formats: parseFormats(report.formats) }))
    .filter((report) => report.formats.length > 0);
}

/** Starts a report and answers the handle to ask about it. */
export async function startExecution(
  accessToken: string,
  reportId: number,
  format: ReportFormat,
  api: PrintServerApi = printServerApi(),
): Promise<number> {
  const { data } = await send(
    () => api.POST("/v3/reports/executions", { body: { id: reportId, format }, headers: bearer(accessToken) }),
    mapApiError,
  );
  return parseAnswer(started, data, "execution answer").executionId;
}

/**
 * How an execution is doing, told by the download endpoint's status code
 * alone [seed]. A ready file is not pulled: its body is cancelled at once,
 * which closes the upstream connection after at most one buffered chunk.
 */
export async function probeExecution(
  accessToken: string,
  executionId: number,
  api: PrintServerApi = printServerApi(),
): Promise<ExecutionStatus> {
  let response: Response;
  let errorBody: unknown;
  try {
    const answer = await api.GET("/v3/reports/executions/{executionId}/download", {
      params: { path: { executionId } },
      headers: bearer(accessToken),
      parseAs: "stream",
    });
    response = answer.response;
    errorBody = answer.error;
  } catch (cause) {
    throw mapTransportError(cause);
  }
  if (response.body && !response.bodyUsed) await response.body.cancel().catch(() => undefined);
  const status = executionStatusOf(response.status);
  if (status) return status;
  throw mapApiError(response.status, errorBody, response.headers);
}

export type OpenedDownload =
  | { status: "ready"; headers: Headers; body: ReadableStream<Uint8Array> | null }
  | { status: "running" }
  | { status: "gone" }
  | { status: "unknown" };

/** The content codings undici's fetch undoes; for any other it hands the body on as it came. */
const decodedByFetch = new Set(["gzip", "x-gzip", "deflate", "br"]);

/** Whether the browser can be given this body: identity, or codings fetch has undone. */
function decodableCoding(contentEncoding: string | null): boolean {
  return (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .every((coding) => coding === "" || coding === "identity" || decodedByFetch.has(coding));
}

/**
 * Opens the file of an execution as a stream, read only as fast as the
 * browser takes it (fetch's back-pressure pauses the upstream socket), and
 * ended with the upstream request when `signal` aborts or the stream is
 * cancelled (the browser went away). Identity encoding is asked for, so the
 * body arrives as the server stored it and its length stays true; a body the
 * server encoded anyway is decoded by fetch, and its coding and length dropped.
 */
export async function openDownload(
  accessToken: string,
  executionId: number,
  options: { signal?: AbortSignal } = {},
  api: PrintServerApi = printServerApi(),
): Promise<OpenedDownload> {
  let answer;
  try {
    answer = await api.GET("/v3/reports/executions/{executionId}/download", {
      params: { path: { executionId } },
      headers: { ...bearer(accessToken), "accept-encoding": "identity" },
      parseAs: "stream",
      signal: options.signal,
    });
  } catch (cause) {
    throw mapTransportError(cause);
  }
  const { response } = answer;
  const status = executionStatusOf(response.status);
  if (status === "ready") {
    const body = answer.data ?? null;
    const encoding = response.headers.get("content-encoding");
    if (!decodableCoding(encoding)) {
      await body?.cancel();
      throw new PortalError("upstream_malformed", { reason: "download in an encoding the portal cannot decode" });
    }
    const headers = new Headers(response.headers);
    // Decoded by fetch: the length and coding of the bytes the browser gets are not the upstream's.
    if (encoding && encoding.trim().toLowerCase() !== "identity") {
      headers.delete("content-encoding");
      headers.delete("content-length");
    }
    return { status, headers, body };
  }
  if (status) {
    // Read off (a short JSON answer), so the connection serves the next call.
    if (answer.data) await new Response(answer.data).arrayBuffer().catch(() => undefined);
    return { status };
  }
  throw mapApiError(response.status, answer.error, response.headers);
}
