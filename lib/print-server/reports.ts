import "server-only";
import { pipeline, type Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { z } from "zod";
import { absentEndpointStatus } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { executionStatusOf, type ExecutionStatus } from "@/lib/browser-safe/reports/execution-status";
import { parseFormats, type ReportFormat } from "@/lib/browser-safe/reports/formats";
import { bearer, printServerApi, type PrintServerApi, type PrintServerFile } from "./api-client";
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
  | { status: "ready"; headers: Headers; body: Readable }
  | { status: "running" }
  | { status: "gone" }
  | { status: "unknown" };

/** The content codings the portal undoes, as fetch would; any other is refused. */
const decoders: Partial<Record<string, () => Transform>> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The body as the server stored it: the codings in `contentEncoding` undone, last applied first; null for one the portal cannot undo. */
function decoded(body: Readable, contentEncoding: string | null): Readable | null {
  const makers = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity")
    .reverse()
    .map((coding) => decoders[coding]);
  if (!makers.every((make) => make !== undefined)) return null;
  const steps = makers.map((make) => make());
  const last = steps.at(-1);
  if (!last) return body;
  // A failure in any step destroys the last, which ends the browser's stream with it.
  pipeline([body, ...steps], () => undefined);
  return last;
}

/**
 * Opens the file of an execution as a stream, read only as fast as the
 * browser takes it (back-pressure pauses the upstream socket), and ended with
 * the upstream request when `signal` aborts or the stream is destroyed (the
 * browser went away). Identity encoding is asked for, so the body arrives as
 * the server stored it and its length stays true; a body the server encoded
 * anyway is decoded, and its coding and length dropped.
 */
export async function openDownload(
  accessToken: string,
  executionId: number,
  options: { signal?: AbortSignal } = {},
  api: PrintServerApi = printServerApi(),
): Promise<OpenedDownload> {
  let answer;
  try {
    answer = await api.openFile(`/v3/reports/executions/${executionId}/download`, {
      headers: { ...bearer(accessToken), "accept-encoding": "identity" },
      signal: options.signal,
    });
  } catch (cause) {
    throw mapTransportError(cause);
  }
  const { status: code, headers, body } = answer;
  const status = executionStatusOf(code);
  if (status === "ready") {
    const encoding = headers.get("content-encoding");
    const file = decoded(body, encoding);
    if (!file) {
      body.destroy();
      throw new PortalError("upstream_malformed", { reason: "download in an encoding the portal cannot decode" });
    }
    if (file !== body) {
      headers.delete("content-encoding");
      headers.delete("content-length");
    }
    return { status, headers, body: file };
  }
  if (status) {
    // Read off (a short JSON answer), so the connection serves the next call.
    await body.dump().catch(() => undefined);
    return { status };
  }
  throw mapApiError(code, await errorBodyOf(body), headers);
}

/** An error answer's body, parsed as JSON when it is JSON (as openapi-fetch does for the other calls). */
async function errorBodyOf(body: PrintServerFile["body"]): Promise<unknown> {
  const text = await body.text().catch(() => "");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
