import { lookupHash, randomToken } from "../secrets.js";
import { normalizeVoucherCode } from "../payments/voucher-code.js";
import { creditLedger } from "./credit-ledger.js";
import type { Db } from "./open-database.js";

/** Seconds a created payment waits for its commit; then it expires and changes nothing. */
export const PAYMENT_LIFETIME_SECONDS = 15 * 60;
/** Wrong voucher codes one user may type in the window before every try is refused with 429. */
export const VOUCHER_FAILURES = { max: 5, windowSeconds: 15 * 60 } as const;

export type PaymentState = "created" | "committed" | "rolledback" | "expired";

export interface PaymentRow {
  seq: number;
  id: string;
  provider: string;
  client_id: string;
  user_id: number;
  account_id: number;
  amount_cents: number;
  currency: string;
  description: string;
  voucher_hash: string | null;
  state: PaymentState;
  created_at: number;
  updated_at: number;
  expires_at: number;
  ledger_id: number | null;
}

interface VoucherRow {
  code_hash: string;
  value_cents: number;
  expires_at: number;
  payment_id: string | null;
  used_at: number | null;
}

export type VoucherRefusal = "invalid_voucher" | "voucher_used" | "voucher_expired";

export type CreateOutcome =
  { ok: true; payment: PaymentRow } | { ok: false; refused: VoucherRefusal } | { ok: false; retryAfter: number };

export type CloseOutcome =
  | { ok: true; payment: PaymentRow; balanceCents: number }
  | { ok: false; notFound: true }
  | { ok: false; closed: PaymentState };

interface NewPayment {
  provider: string;
  clientId: string;
  userId: number;
  accountId: number;
  currency: string;
  description: string;
  now: number;
}

/**
 * Payments (recharges through a provider) and vouchers. Each call is one
 * synchronous transaction, so parallel requests cannot both take a voucher,
 * both pass the wrong-code limit or both credit a commit: whatever runs
 * second sees what the first wrote. Credit moves only through the ledger,
 * in the same transaction as the commit it records.
 */
export function paymentsRepository(db: Db, lookupKey: Buffer) {
  const ledger = creditLedger(db);
  const voucherHash = (code: string) => lookupHash(lookupKey, `voucher:${normalizeVoucherCode(code)}`);

  const expireOpen = db.prepare(
    "UPDATE payments SET state = 'expired', updated_at = @now WHERE state = 'created' AND expires_at <= @now",
  );
  // A voucher held by a payment that ended without a commit can be used again.
  const releaseVouchers = db.prepare(
    `UPDATE vouchers SET payment_id = NULL WHERE used_at IS NULL AND payment_id IN
       (SELECT id FROM payments WHERE state IN ('expired', 'rolledback'))`,
  );
  const insertPayment = db.prepare(
    `INSERT INTO payments (id, provider, client_id, user_id, account_id, amount_cents, currency, description,
       voucher_hash, state, created_at, updated_at, expires_at)
     VALUES (@id, @provider, @clientId, @userId, @accountId, @amountCents, @currency, @description,
       @voucherHash, 'created', @now, @now, @expiresAt)`,
  );
  const paymentBySeq = db.prepare("SELECT * FROM payments WHERE seq = ?");
  const paymentOf = db.prepare("SELECT * FROM payments WHERE id = ? AND provider = ? AND client_id = ?");
  const setState = db.prepare(
    "UPDATE payments SET state = @state, updated_at = @now, ledger_id = @ledgerId WHERE id = @id",
  );
  const voucherByHash = db.prepare("SELECT * FROM vouchers WHERE code_hash = ?");
  const holdVoucher = db.prepare(
    "UPDATE vouchers SET payment_id = ? WHERE code_hash = ? AND payment_id IS NULL AND used_at IS NULL",
  );
  const useVoucher = db.prepare("UPDATE vouchers SET used_at = ? WHERE code_hash = ? AND payment_id = ?");
  const freeVoucher = db.prepare("UPDATE vouchers SET payment_id = NULL WHERE code_hash = ? AND payment_id = ?");
  const insertVoucher = db.prepare(
    `INSERT INTO vouchers (code_hash, value_cents, created_at, expires_at, payment_id, used_at)
     VALUES (?, ?, ?, ?, NULL, ?)`,
  );
  const failuresSince = db.prepare(
    "SELECT count(*) AS n, min(at) AS oldest FROM voucher_failures WHERE user_id = ? AND at > ?",
  );
  const addFailure = db.prepare("INSERT INTO voucher_failures (user_id, at) VALUES (?, ?)");
  const pruneFailures = db.prepare("DELETE FROM voucher_failures WHERE at <= ?");

  function sweep(now: number): void {
    if (expireOpen.run({ now }).changes > 0) releaseVouchers.run();
  }

  function insert(p: NewPayment & { amountCents: number; voucherHash: string | null }): PaymentRow {
    const seq = insertPayment.run({
      ...p,
      id: randomToken(12),
      expiresAt: p.now + PAYMENT_LIFETIME_SECONDS,
    }).lastInsertRowid;
    return paymentBySeq.get(seq) as PaymentRow;
  }

  function close(
    target: { id: string; provider: string; clientId: string; now: number },
    to: "committed" | "rolledback",
  ): CloseOutcome {
    sweep(target.now);
    const payment = paymentOf.get(target.id, target.provider, target.clientId) as PaymentRow | undefined;
    if (!payment) return { ok: false, notFound: true };
    // Sent again: the same answer, nothing changes.
    if (payment.state === to) return { ok: true, payment, balanceCents: ledger.balanceCents(payment.account_id) };
    if (payment.state !== "created") return { ok: false, closed: payment.state };
    let ledgerId: number | null = null;
    if (to === "committed") {
      ledgerId = ledger.append({
        accountId: payment.account_id,
        at: target.now,
        amountCents: payment.amount_cents,
        kind: "recharge",
        provider: payment.provider,
        note: payment.description,
      });
      if (payment.voucher_hash) useVoucher.run(target.now, payment.voucher_hash, payment.id);
    } else if (payment.voucher_hash) {
      freeVoucher.run(payment.voucher_hash, payment.id);
    }
    setState.run({ id: payment.id, state: to, now: target.now, ledgerId });
    return {
      ok: true,
      payment: { ...payment, state: to, updated_at: target.now, ledger_id: ledgerId },
      balanceCents: ledger.balanceCents(payment.account_id),
    };
  }

  return {
    /** Money taken elsewhere (the `external` provider): a created payment of that amount. */
    createExternal: db.transaction((p: NewPayment & { amountCents: number }): PaymentRow => {
      sweep(p.now);
      return insert({ ...p, voucherHash: null });
    }),

    /**
     * Takes a voucher for a new payment of its value, or says why not. The
     * limit is checked first, so a user past it learns nothing about any code.
     */
    createVoucher: db.transaction((p: NewPayment & { code: string }): CreateOutcome => {
      sweep(p.now);
      const since = p.now - VOUCHER_FAILURES.windowSeconds;
      const failures = failuresSince.get(p.userId, since) as { n: number; oldest: number | null };
      if (failures.n >= VOUCHER_FAILURES.max) {
        return { ok: false, retryAfter: Math.max(1, (failures.oldest ?? p.now) - since) };
      }
      const hash = voucherHash(p.code);
      const voucher = voucherByHash.get(hash) as VoucherRow | undefined;
      if (!voucher) {
        pruneFailures.run(since);
        addFailure.run(p.userId, p.now);
        return { ok: false, refused: "invalid_voucher" };
      }
      // Held by a payment not yet committed counts as used: only one can succeed.
      if (voucher.used_at !== null || voucher.payment_id !== null) return { ok: false, refused: "voucher_used" };
      if (voucher.expires_at <= p.now) return { ok: false, refused: "voucher_expired" };
      const payment = insert({ ...p, amountCents: voucher.value_cents, voucherHash: hash });
      if (holdVoucher.run(payment.id, hash).changes !== 1) throw new Error("voucher changed inside its transaction");
      return { ok: true, payment };
    }),

    /** Credits the payment's amount once; a second commit changes nothing. */
    commit: db.transaction((target: { id: string; provider: string; clientId: string; now: number }) =>
      close(target, "committed"),
    ),

    /** Ends a created payment without credit; its voucher can be used again. */
    rollback: db.transaction((target: { id: string; provider: string; clientId: string; now: number }) =>
      close(target, "rolledback"),
    ),

    /** This client's payments through one provider, newest first. */
    list: db.transaction(
      (q: { provider: string; clientId: string; userId?: number; limit: number; start: number; now: number }) => {
        sweep(q.now);
        const where = "provider = ? AND client_id = ?" + (q.userId === undefined ? "" : " AND user_id = ?");
        const params = q.userId === undefined ? [q.provider, q.clientId] : [q.provider, q.clientId, q.userId];
        const count = Number(
          db
            .prepare(`SELECT count(*) FROM payments WHERE ${where}`)
            .pluck()
            .get(...params),
        );
        const payments = db
          .prepare(`SELECT * FROM payments WHERE ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`)
          .all(...params, q.limit, q.start) as PaymentRow[];
        return { payments, count };
      },
    ),

    /** A new voucher (demo data, tests, a future admin command). */
    addVoucher(v: { code: string; valueCents: number; expiresAt: number; now: number; usedAt?: number }): void {
      insertVoucher.run(voucherHash(v.code), v.valueCents, v.now, v.expiresAt, v.usedAt ?? null);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
