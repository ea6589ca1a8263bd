import type { z } from "zod/mini";
import { PortalError } from "@/lib/browser-safe/errors";
import { userRoute, type UserRequest } from "@/lib/http/route";
import { webBody } from "@/lib/http/web-body";
import { openDownload } from "@/lib/print-server/reports";
import { downloadHeaders } from "@/lib/reports/download-headers";
import { currentRequest } from "@/lib/request-context";
import { executionParams } from "../schema";

export const dynamic = "force-dynamic";

/** The report file's answer from the print server: its body still unread, its headers the browser's. */
async function openReportFile({ request, params, token }: UserRequest<z.infer<typeof executionParams>, undefined>) {
  const opened = await openDownload(token, params.id, { signal: request.signal });
  if (opened.status === "running")
    throw new PortalError("still_running", { sentenceKey: "reports.answers.stillRunning" });
  if (opened.status === "gone") throw new PortalError("gone", { sentenceKey: "reports.answers.fileGone" });
  if (opened.status === "unknown")
    throw new PortalError("not_found", { sentenceKey: "reports.answers.reportNotFound" });
  const headers = downloadHeaders(opened.headers, params.id);
  // Next.js drops the Content-Length of a route's answer; the portal's server sends it.
  const length = headers.get("content-length");
  if (length) currentRequest()?.sendLength(Number(length));
  return { body: opened.body, headers };
}

/**
 * The report file, streamed from the print server as it arrives: nothing is
 * held in memory, and the upstream request ends when the browser goes away.
 */
export const GET = userRoute({ params: executionParams }, async (input) => {
  const { body, headers } = await openReportFile(input);
  return new Response(webBody(body), { status: 200, headers });
});

/**
 * The file's headers (its name, type and length) without the file, for link
 * checkers and download managers. Its own handler, because for a HEAD
 * Next.js runs GET and drops the body unread, which would leave the upstream
 * download open. Here the body is destroyed at once, which ends the upstream request.
 */
export const HEAD = userRoute({ params: executionParams }, async (input) => {
  const { body, headers } = await openReportFile(input);
  body.destroy();
  return new Response(null, { status: 200, headers });
});
