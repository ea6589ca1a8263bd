import { PortalError } from "@/lib/browser-safe/errors";
import { userRoute } from "@/lib/http/route";
import { openDownload } from "@/lib/print-server/reports";
import { downloadHeaders } from "@/lib/reports/download-headers";
import { executionParams } from "../schema";

export const dynamic = "force-dynamic";

/**
 * The report file, streamed from the print server as it arrives: nothing is
 * held in memory, and the upstream request ends when the browser goes away.
 */
export const GET = userRoute({ params: executionParams }, async ({ request, params, token }) => {
  const opened = await openDownload(token, params.id, { signal: request.signal });
  if (opened.status === "running")
    throw new PortalError("still_running", { sentenceKey: "reports.answers.stillRunning" });
  if (opened.status === "gone") throw new PortalError("gone", { sentenceKey: "reports.answers.fileGone" });
  if (opened.status === "unknown")
    throw new PortalError("not_found", { sentenceKey: "reports.answers.reportNotFound" });
  return new Response(opened.body, { status: 200, headers: downloadHeaders(opened.headers, params.id) });
});
