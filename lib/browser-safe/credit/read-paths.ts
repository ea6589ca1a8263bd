import { defaultStatementPeriod, type StatementPeriod, type StatementType } from "./statement";

// The portal routes of the Credit page's statement, chart, CSV and vouchers, built in
// one place: the page's reads (hooks/use-credit.ts), its link, and the
// preloads of its first reads from the page's head (app/(portal)/credit/page.tsx),
// as a browser hands a preloaded answer to fetch() only for the very same URL.

export interface StatementFilterState {
  days: StatementPeriod;
  type: StatementType | "";
}

/** What the page shows first: the default period, every kind of line. */
export const defaultStatementFilter: StatementFilterState = { days: defaultStatementPeriod, type: "" };

/** The query string of a filter, for the page, the chart and the CSV alike. */
export function filterQuery(filter: StatementFilterState, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    days: String(filter.days),
    ...(filter.type ? { type: filter.type } : {}),
    ...extra,
  });
  return query.toString();
}

/** One page (from 1) of the statement's lines. */
export function statementPath(filter: StatementFilterState, page: number): string {
  return `/api/credit/statement?${filterQuery(filter, { page: String(page) })}`;
}

/** The balance chart's points over a period. */
export function balanceHistoryPath(days: StatementPeriod): string {
  return `/api/credit/history?days=${days}`;
}

/** Whether the print server takes vouchers (GET), and where a voucher is redeemed (POST). */
export const vouchersPath = "/api/credit/vouchers";
