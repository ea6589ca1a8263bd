import { NextResponse } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { errorResponse } from "@/lib/http/error-response";
import { listReports } from "@/lib/print-server/reports";
import { reportListDto } from "@/lib/browser-safe/reports/dto";

export const dynamic = "force-dynamic";

/** The reports the signed-in person may run, with readable-format handles. */
export async function GET() {
  try {
    const { sessionId } = await sessionForRoute();
    const reports = await withUserToken(sessionId, (token) => listReports(token));
    return NextResponse.json(reportListDto.parse({ reports }), { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
