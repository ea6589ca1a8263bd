import { statementFilter } from "@/app/api/credit/statement/schema";
import { fallbackCurrency } from "@/lib/browser-safe/contract-assumptions";
import { statementCsv } from "@/lib/credit/statement-csv";
import { statementQueryOf } from "@/lib/credit/statement-period";
import { PortalError } from "@/lib/browser-safe/errors";
import { checkedQuery, userRoute } from "@/lib/http/route";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { serverConfig } from "@/lib/print-server/server-config";
import { getWholeStatement } from "@/lib/print-server/statement";

export const dynamic = "force-dynamic";

/** A CSV holds at most this many lines (years of printing for one person). */
const maxCsvLines = 20_000;

/** "Download CSV": the statement of the chosen period and type, every page. */
export const GET = userRoute({}, async ({ request, user, token }) => {
  const query = checkedQuery(statementFilter, request);
  const [statement, config, t] = await Promise.all([
    getWholeStatement(token, user.userId, statementQueryOf(query), maxCsvLines),
    serverConfig(token),
    serverTranslator("credit"),
  ]);
  if (!statement) throw new PortalError("not_found", { sentenceKey: "credit.statement.notOffered" });
  const csv = statementCsv(
    statement.lines,
    {
      date: t("csv.date"),
      type: t("csv.type"),
      what: t("csv.what"),
      amount: t("csv.amount"),
      balance: t("csv.balance"),
      currency: t("csv.currency"),
    },
    (type) => t(`type.${type}`),
    config.currency ?? fallbackCurrency,
  );
  const name = `credit-statement-${query.days}-days${query.type ? `-${query.type}` : ""}.csv`;
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
    },
  });
});
