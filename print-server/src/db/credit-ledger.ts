import type { Db } from "./open-database.js";

/**
 * The one module that writes `credit_ledger` lines, and so the one place a
 * credit balance moves: prints charge here (printing/), payments recharge
 * here, the statement reads the same lines. A balance is the sum of its
 * account's lines, so it can never drift from the statement's "balance after".
 * Amounts are integer cents.
 *
 * Every change that a line records (a job printed, a payment committed) must
 * happen in the same `db.transaction` as the line itself.
 *
 * Kinds: `opening` (the balance brought forward when an account starts),
 * `recharge` (a top-up, with its provider), `charge` (a printed job, with its
 * id), `refund` (money back, usually for a job), `adjustment` (an
 * administrator's correction).
 */
export type LedgerKind = "opening" | "recharge" | "charge" | "refund" | "adjustment";

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

/** The statement's type of each kind: an opening balance is shown as an adjustment. */
export const STATEMENT_TYPES = ["print", "recharge", "refund", "adjustment"] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

const KINDS_OF: Record<StatementType, LedgerKind[]> = {
  print: ["charge"],
  recharge: ["recharge"],
  refund: ["refund"],
  adjustment: ["adjustment", "opening"],
};

const TYPE_OF: Record<LedgerKind, StatementType> = {
  charge: "print",
  recharge: "recharge",
  refund: "refund",
  adjustment: "adjustment",
  opening: "adjustment",
};

export interface StatementFilter {
  /** Unix seconds, inclusive. */
  from?: number;
  /** Unix seconds, inclusive. */
  to?: number;
  types?: StatementType[];
  limit: number;
  start: number;
}

export interface StatementLine {
  id: number;
  at: number;
  type: StatementType;
  amountCents: number;
  /** The account's balance right after this line. */
  balanceCents: number;
  provider: string | null;
  jobId: number | null;
  /** The printed job's name for a print, else the line's note. */
  description: string;
}

interface StatementRow {
  id: number;
  at: number;
  kind: LedgerKind;
  amount_cents: number;
  balance_cents: number;
  provider: string | null;
  job_id: number | null;
  note: string | null;
  job_name: string | null;
}

const FALLBACK_DESCRIPTION: Record<LedgerKind, string> = {
  opening: "Opening balance",
  recharge: "Top-up",
  charge: "Print job",
  refund: "Refund",
  adjustment: "Adjustment",
};

export function creditLedger(db: Db) {
  const insert = db.prepare(
    `INSERT INTO credit_ledger (account_id, at, amount_cents, kind, job_id, provider, note)
     VALUES (@accountId, @at, @amountCents, @kind, @jobId, @provider, @note)`,
  );
  const sum = db.prepare("SELECT coalesce(sum(amount_cents), 0) FROM credit_ledger WHERE account_id = ?").pluck();
  // A few filter combinations only (dates, types): each one's statements are prepared once.
  const prepared = new Map<string, ReturnType<Db["prepare"]>>();
  const prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };

  // The running balance is taken over ALL of the account's lines in time order (id breaks ties),
  // before any filter, so a filtered or paged line still shows the true balance after it.
  const statementSql = (where: string, tail: string) => `
    WITH lines AS (
      SELECT l.id, l.at, l.kind, l.amount_cents, l.provider, l.job_id, l.note,
             sum(l.amount_cents) OVER (ORDER BY l.at, l.id ROWS UNBOUNDED PRECEDING) AS balance_cents
      FROM credit_ledger l WHERE l.account_id = @accountId
    )
    SELECT ${tail === "" ? "count(*)" : "lines.*, j.name AS job_name"}
    FROM lines ${tail === "" ? "" : "LEFT JOIN print_jobs j ON j.id = lines.job_id"}
    WHERE ${where} ${tail}`;

  function whereOf(filter: StatementFilter): { where: string; params: Record<string, unknown> } {
    const clauses = ["1 = 1"];
    const params: Record<string, unknown> = {};
    if (filter.from !== undefined) {
      clauses.push("lines.at >= @from");
      params.from = filter.from;
    }
    if (filter.to !== undefined) {
      clauses.push("lines.at <= @to");
      params.to = filter.to;
    }
    if (filter.types && filter.types.length > 0) {
      const kinds = [...new Set(filter.types.flatMap((t) => KINDS_OF[t]))];
      clauses.push(`lines.kind IN (${kinds.map((_, i) => `@kind${i}`).join(", ")})`);
      kinds.forEach((k, i) => (params[`kind${i}`] = k));
    }
    return { where: clauses.join(" AND "), params };
  }

  /** Writes one line; call it inside the transaction of whatever else must happen with it. */
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

    /** Lines newest first, with the balance after each, filtered and paged; `count` is the total that matched. */
    statement(accountId: number, filter: StatementFilter): { lines: StatementLine[]; count: number } {
      const { where, params } = whereOf(filter);
      const all = { accountId, ...params };
      const count = Number(prepare(statementSql(where, "")).pluck().get(all));
      const rows = prepare(statementSql(where, "ORDER BY lines.at DESC, lines.id DESC LIMIT @limit OFFSET @start")).all(
        { ...all, limit: filter.limit, start: filter.start },
      ) as StatementRow[];
      return {
        count,
        lines: rows.map((r) => ({
          id: r.id,
          at: r.at,
          type: TYPE_OF[r.kind],
          amountCents: r.amount_cents,
          balanceCents: r.balance_cents,
          provider: r.provider,
          jobId: r.job_id,
          description: (r.kind === "charge" ? r.job_name : r.note) ?? r.note ?? FALLBACK_DESCRIPTION[r.kind],
        })),
      };
    },
  };
}

export type CreditLedger = ReturnType<typeof creditLedger>;
