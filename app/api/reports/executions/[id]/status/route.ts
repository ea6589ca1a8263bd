import { NextResponse } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorResponse } from "@/lib/http/error-response";
import { probeExecution } from "@/lib/print-server/reports";
import { executionIdParam, statusDto } from "@/lib/browser-safe/reports/dto";

export const dynamic = "force-dynamic";

/** Running, ready or gone, read from the print server without pulling the file. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = executionIdParam.safeParse((await params).id);
  if (!id.success)
    return errorResponse(new PortalError("bad_request", { sentenceKey: "reports.answers.badExecutionId" }));
  try {
    const { sessionId } = await sessionForRoute();
    const status = await withUserToken(sessionId, (token) => probeExecution(token, id.data));
    // Unknown and someone else's look the same, as the print server intends.
    if (status === "unknown") throw new PortalError("not_found", { sentenceKey: "reports.answers.reportNotFound" });
    return NextResponse.json(statusDto.parse({ status }), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
