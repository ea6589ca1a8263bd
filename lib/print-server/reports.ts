import "server-only";
import { request, type Dispatcher } from "undici";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { absentEndpointStatus } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { executionStatusOf, type ExecutionStatus } from "@/lib/browser-safe/reports/execution-status";
import { parseFormats, type ReportFormat } from "@/lib/browser-safe/reports/formats";
import { decodedBody, DOWNLOAD_BUFFER_BYTES, downloadBody } from "@/lib/reports/download-body";
import {
  bearer,
  isDroppedConnection,
  printServerAgent,
  printServerApi,
  printServerFreshAgent,
  type PrintServerApi,
} from "./api-client";
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
  | { status: "ready"; headers: Headers; body: ReadableStream<Uint8Array> }
  | { status: "running" }
  | { status: "gone" }
  | { status: "unknown" };

interface DownloadOptions {
  /** Aborts the upstream request (the browser went away). */
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  /** For the one repeat after a dropped connection. */
  freshDispatcher?: Dispatcher;
  baseUrl?: string;
}

type Answer = Dispatcher.ResponseData;

function headersOf(answer: Answer): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

async function readErrorBody(answer: Answer): Promise<unknown> {
  try {
    return JSON.parse(await answer.body.text());
  } catch {
    return undefined;
  }
}

/** undici's `request` rejects with the socket's error itself, where fetch (api-client.ts) wraps it as the cause. */
const droppedConnection = (error: unknown) => isDroppedConnection(new Error("request failed", { cause: error }));

/**
 * Opens the file of an execution as a stream. Identity encoding is asked for,
 * so the body arrives as the server stored it and its length stays true.
 * undici's `request` answers a Node stream whose buffer is capped
 * (DOWNLOAD_BUFFER_BYTES); lib/reports/download-body.ts hands it on as a web stream.
 */
export async function openDownload(
  accessToken: string,
  executionId: number,
  options: DownloadOptions = {},
): Promise<OpenedDownload> {
  const baseUrl = options.baseUrl ?? getEnv().PRINT_SERVER_URL;
  const open = (dispatcher: Dispatcher) =>
    request(`${baseUrl}/api/v3/reports/executions/${executionId}/download`, {
      headers: { ...bearer(accessToken), "accept-encoding": "identity" },
      // The agents time out connecting, headers and each pause between
      // chunks, never the whole transfer, which a large file on a phone outlasts.
      dispatcher,
      signal: options.signal,
      highWaterMark: DOWNLOAD_BUFFER_BYTES,
    });
  let answer: Answer;
  try {
    answer = await open(options.dispatcher ?? printServerAgent()).catch((error: unknown) => {
      // A kept-alive connection closed under the request: once more on a new one (api-client.ts).
      if (!droppedConnection(error)) throw error;
      return open(options.freshDispatcher ?? printServerFreshAgent());
    });
  } catch (cause) {
    throw mapTransportError(cause);
  }
  const headers = headersOf(answer);
  const status = executionStatusOf(answer.statusCode);
  if (status === "ready") {
    const decoded = decodedBody(answer.body, headers.get("content-encoding") ?? undefined);
    if (!decoded) {
      answer.body.on("error", () => undefined).destroy();
      throw new PortalError("upstream_malformed", { reason: "download in an encoding the portal cannot decode" });
    }
    // Decoded here: the length and coding of the bytes the browser gets are not the upstream's.
    if (decoded !== answer.body) {
      headers.delete("content-encoding");
      headers.delete("content-length");
    }
    return { status, headers, body: downloadBody(decoded) };
  }
  if (status) {
    // Read off (a short JSON answer), so the connection serves the next call;
    // a destroyed body would raise an error nobody listens to.
    await answer.body.dump().catch(() => undefined);
    return { status };
  }
  throw mapApiError(answer.statusCode, await readErrorBody(answer), headers);
}
