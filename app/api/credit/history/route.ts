import { statementFilter } from "@/app/api/credit/statement/schema";
import { balancePoints, summarizeBalance } from "@/lib/browser-safe/credit/statement";
import { statementQueryOf } from "@/lib/credit/statement-period";
import { answerJson, checkedQuery, userRoute } from "@/lib/http/route";
import { getWholeStatement } from "@/lib/print-server/statement";
import { z } from "zod/mini";
import { historyResponse } from "./schema";

export const dynamic = "force-dynamic";

/** The chart reads at most this many lines (a year of heavy printing). */
const maxChartLines = 5000;

/** The balance over the chosen period, of every type (a type filter would not add up to a balance). */
export const GET = userRoute({}, async ({ request, user, token }) => {
  const query = checkedQuery(z.pick(statementFilter, { days: true }), request);
  const { from, to } = statementQueryOf(query);
  const statement = await getWholeStatement(token, user.userId, { from }, maxChartLines);
  if (!statement) return answerJson(historyResponse, { from, to, points: [], complete: true, offered: false });
  return answerJson(historyResponse, {
    from,
    to,
    points: balancePoints(statement.lines, from),
    summary: summarizeBalance(statement.lines),
    complete: statement.complete,
    offered: true,
  });
});
