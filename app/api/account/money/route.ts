import { loadMoneyOverview } from "@/lib/account/load-money-overview";
import { answerJson, userRoute } from "@/lib/http/route";
import { moneyResponse } from "./schema";

export const dynamic = "force-dynamic";

/**
 * The signed-in person's credit and quota in the server's currency. A token
 * without the right to read balances answers 403 `forbidden_scope`, which the
 * page shows as a plain sentence.
 */
export const GET = userRoute({}, async ({ user, token }) =>
  answerJson(moneyResponse, await loadMoneyOverview(token, user.userId)),
);
