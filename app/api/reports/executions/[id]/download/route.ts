import type { NextRequest } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorResponse } from "@/lib/http/error-response";
import { openDownload } from "@/lib/print-server/reports";
import { downloadHeaders } from "@/lib/reports/download-headers";
import { executionIdParam } from "@/lib/browser-safe/reports/dto";

export const dynamic = "force-dynamic";

/**
 * The report file, streamed from the print server as it arrives: nothing is
 * held in memory, and the upstream request ends when the browser goes away.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const id = executionIdParam.safeParse((await params).id);
  if (!id.success)
    return errorResponse(new PortalError("bad_request", { sentenceKey: "reports.answers.badExecutionId" }));
  try {
    const { sessionId } = await sessionForRoute();
    const opened = await withUserToken(sessionId, (token) => openDownload(token, id.data, { signal: request.signal }));
    if (opened.status === "running")
      throw new PortalError("still_running", { sentenceKey: "reports.answers.stillRunning" });
    if (opened.status === "gone") throw new PortalError("gone", { sentenceKey: "reports.answers.fileGone" });
    if (opened.status === "unknown")
      throw new PortalError("not_found", { sentenceKey: "reports.answers.reportNotFound" });
    const upstream = opened.response;
    return new Response(upstream.body as ReadableStream<Uint8Array> | null, {
      status: 200,
      headers: downloadHeaders(upstream.headers as unknown as Headers, id.data),
    });
  } catch (error) {
    return errorResponse(error);
  }
}
