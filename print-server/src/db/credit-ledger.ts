import type { Db } from "./open-database.js";

/**
 * The one module that writes `credit_ledger` lines, and so the one place a
 * credit balance moves: prints charge here (printing/), payments recharge
 * here, the statement reads the same lines. A balance is the sum of its
 * account's lines, so it can never drift from the statement.
 *
 * Every change that a line records (a job printed, a payment committed) must
 * happen in the same `db.transaction` as the line itself.
 */
export type LedgerKind = "opening" | "recharge" | "charge" | "refund";

export interface LedgerLine {
  accountId: number;
  /** Unix seconds. */
  at: number;
  /** Signed: a charge is negative. Integer cents. */
  amountCents: number;
  kind: LedgerKind;
  /** The print job (for a charge or a refund of one). */
  jobId?: number | null;
  /** The recharge provider's reference (for a recharge). */
  provider?: string | null;
  note?: string | null;
}

export function creditLedger(db: Db) {
  const insert = db.prepare(
    `INSERT INTO credit_ledger (account_id, at, amount_cents, kind, job_id, provider, note)
     VALUES (@accountId, @at, @amountCents, @kind, @jobId, @provider, @note)`,
  );
  const sum = db.prepare("SELECT coalesce(sum(amount_cents), 0) FROM credit_ledger WHERE account_id = ?").pluck();

  function append(line: LedgerLine): number {
    if (!Number.isSafeInteger(line.amountCents)) throw new Error("A ledger amount is whole cents.");
    return Number(
      insert.run({ jobId: null, provider: null, note: null, ...line } satisfies Required<LedgerLine>).lastInsertRowid,
    );
  }

  return {
    append,
    /** The account's balance in cents: the sum of its lines. */
    balanceCents: (accountId: number): number => Number(sum.get(accountId)),
    /** Charges a printed job: one negative line that names the job. */
    charge: (accountId: number, cents: number, jobId: number, at: number): number =>
      append({ accountId, at, amountCents: -cents, kind: "charge", jobId }),
  };
}

export type CreditLedger = ReturnType<typeof creditLedger>;
