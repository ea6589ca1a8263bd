import "server-only";
import type { StatementFilter } from "@/app/api/credit/statement/schema";
import type { StatementQuery } from "@/lib/print-server/statement";

const dayMs = 24 * 60 * 60 * 1000;

/** The print server's query for a filter of the statement: the last `days` days up to now, of one type or all. */
export function statementQueryOf(
  filter: StatementFilter,
  now = Date.now(),
): StatementQuery & { from: string; to: string } {
  return {
    to: new Date(now).toISOString(),
    from: new Date(now - Number(filter.days) * dayMs).toISOString(),
    types: filter.type ? [filter.type] : undefined,
  };
}
