import { NextResponse } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { loadMoneyOverview } from "@/lib/account/load-money-overview";
import { moneyOverviewSchema } from "@/lib/browser-safe/account/money-overview";
import { errorResponse } from "@/lib/http/error-response";

export const dynamic = "force-dynamic";

/**
 * The signed-in person's credit and quota in the server's currency. A token
 * without the right to read balances answers 403 `forbidden_scope`, which the
 * page shows as a plain sentence.
 */
export async function GET() {
  try {
    const { sessionId, session } = await sessionForRoute();
    const overview = await withUserToken(sessionId, (token) => loadMoneyOverview(token, session.userId));
    return NextResponse.json(moneyOverviewSchema.parse(overview), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
