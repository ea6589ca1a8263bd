// The credit statement as the browser sees it: lines, the balance chart's
// points and the one-line summary. Shared by the routes' schemas, the page
// and the CSV, so every view of a line says the same.

export const statementTypes = ["print", "recharge", "refund", "adjustment"] as const;
export type StatementType = (typeof statementTypes)[number];

/** The periods offered, in days back from now. */
export const statementPeriods = [7, 30, 90, 365] as const;
export type StatementPeriod = (typeof statementPeriods)[number];
export const defaultStatementPeriod: StatementPeriod = 30;

/** Lines per page of the table. */
export const statementPageSize = 25;

/** One line of the statement (its zod schema, for the route, is in app/api/credit/statement/schema.ts). */
export interface StatementLine {
  id: number;
  /** ISO date-time (UTC). */
  at: string;
  type: StatementType;
  /** What happened: the job's name, "Voucher …", a refund's reason. */
  what: string;
  /** Signed, in the server's currency (a print is negative). */
  amount: number;
  /** The balance right after this line. */
  balance: number;
  /** How a recharge was paid (voucher, external), when it says. */
  provider: string | null;
}

export interface BalancePoint {
  at: string;
  balance: number;
}

export interface BalanceSummary {
  /** What prints took, net of refunds of prints, as a positive figure. */
  spent: number;
  /** What recharges and adjustments added (net). */
  added: number;
  /** The balance when the period began and at its end. */
  startBalance: number;
  endBalance: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The balance over a period from its lines (any order), oldest first, with a
 * first point for the balance before the first line. Empty without lines.
 */
export function balancePoints(lines: StatementLine[], periodStart: string): BalancePoint[] {
  const ordered = [...lines].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  const first = ordered[0];
  if (!first) return [];
  return [
    { at: periodStart, balance: cents(first.balance - first.amount) },
    ...ordered.map((line) => ({ at: line.at, balance: line.balance })),
  ];
}

/**
 * Spent and added over the lines of a period, and the balance it began and
 * ended with; undefined for a period without lines (nothing moved).
 */
export function summarizeBalance(lines: StatementLine[]): BalanceSummary | undefined {
  const points = balancePoints(lines, "");
  if (points.length === 0) return undefined;
  let spent = 0;
  let added = 0;
  for (const line of lines) {
    if (line.type === "print" || line.type === "refund") spent -= line.amount;
    else added += line.amount;
  }
  return {
    spent: cents(spent),
    added: cents(added),
    startBalance: points[0]!.balance,
    endBalance: points.at(-1)!.balance,
  };
}
