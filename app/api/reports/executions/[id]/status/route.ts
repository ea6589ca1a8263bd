import { NextResponse } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { localizedJsonError } from "@/lib/i18n/localized-json-error";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { probeExecution } from "@/lib/print-server/reports";
import { executionIdParam, statusDto } from "@/lib/browser-safe/reports/dto";
import { reportAnswer } from "@/lib/reports/route-answers";

export const dynamic = "force-dynamic";

/** Running, ready or gone, read from the print server without pulling the file. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const t = await serverTranslator("reports.answers");
  const id = executionIdParam.safeParse((await params).id);
  if (!id.success) return reportAnswer("bad_request", t("badExecutionId"));
  try {
    const { sessionId } = await sessionForRoute();
    const status = await withUserToken(sessionId, (token) => probeExecution(token, id.data));
    // Unknown and someone else's look the same, as the print server intends.
    if (status === "unknown") return reportAnswer("not_found", t("reportNotFound"));
    return NextResponse.json(statusDto.parse({ status }), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return localizedJsonError(error);
  }
}
