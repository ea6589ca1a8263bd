import { statementPageSize } from "@/lib/browser-safe/credit/statement";
import { statementQueryOf } from "@/lib/credit/statement-period";
import { answerJson, checkedQuery, userRoute } from "@/lib/http/route";
import { getStatement } from "@/lib/print-server/statement";
import { statementQuery, statementResponse } from "./schema";

export const dynamic = "force-dynamic";

/** One page of the signed-in person's credit statement, newest first; `offered: false` when the server has none. */
export const GET = userRoute({}, async ({ request, user, token }) => {
  const query = checkedQuery(statementQuery, request);
  const page = Number(query.page ?? "1");
  const statement = await getStatement(token, user.userId, {
    ...statementQueryOf(query),
    start: (page - 1) * statementPageSize,
    limit: statementPageSize,
  });
  return answerJson(statementResponse, {
    lines: statement?.lines ?? [],
    count: statement?.count ?? 0,
    page,
    pageSize: statementPageSize,
    offered: statement !== null,
  });
});
