import type { NextRequest } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { localizedJsonError } from "@/lib/i18n/localized-json-error";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { openDownload } from "@/lib/print-server/reports";
import { downloadHeaders } from "@/lib/reports/download-headers";
import { executionIdParam } from "@/lib/browser-safe/reports/dto";
import { reportAnswer } from "@/lib/reports/route-answers";

export const dynamic = "force-dynamic";

/**
 * The report file, streamed from the print server as it arrives: nothing is
 * held in memory, and the upstream request ends when the browser goes away.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const t = await serverTranslator("reports.answers");
  const id = executionIdParam.safeParse((await params).id);
  if (!id.success) return reportAnswer("bad_request", t("badExecutionId"));
  try {
    const { sessionId } = await sessionForRoute();
    const opened = await withUserToken(sessionId, (token) => openDownload(token, id.data, { signal: request.signal }));
    if (opened.status === "running") return reportAnswer("still_running", t("stillRunning"));
    if (opened.status === "gone") return reportAnswer("gone", t("fileGone"));
    if (opened.status === "unknown") return reportAnswer("not_found", t("reportNotFound"));
    const upstream = opened.response;
    return new Response(upstream.body as ReadableStream<Uint8Array> | null, {
      status: 200,
      headers: downloadHeaders(upstream.headers as unknown as Headers, id.data),
    });
  } catch (error) {
    return localizedJsonError(error);
  }
}
