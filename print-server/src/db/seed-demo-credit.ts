import type { CreditLedger, LedgerLine } from "./credit-ledger.js";

const DAY = 86_400;

/** How far back a demo user's credit statement goes; older printing is in its opening balance. */
export const STATEMENT_DAYS = 90;

/** Top-ups the demo users make, in turn, whenever their credit has room for one. */
export const DEMO_RECHARGES = [
  { cents: 2000, provider: "external", note: "Top-up at the front desk" },
  { cents: 1000, provider: "voucher", note: "Voucher SPRING-10" },
  { cents: 1500, provider: "external", note: "Online top-up" },
] as const;

/** A printed demo job's charge. */
export interface DemoCharge {
  at: number;
  cents: number;
  jobId: number;
  name: string;
}

type Event = Omit<LedgerLine, "accountId">;

/**
 * About 90 days of one demo user's credit statement that ends exactly at
 * `finalCents` at `now`: the charges of the jobs printed in that time, a
 * refund for one of them, a goodwill adjustment, top-ups and, at the start, the
 * balance brought forward. It is built backwards from the final balance, so
 * the balance is never negative and needs no correction at the end: going
 * back in time a charge raises the balance before it, and a top-up is placed
 * before a charge whenever the balance would still be at least 4.00 without
 * it (at most one every ten days). Deterministic for a given `now` and charges.
 */
export function demoCreditHistory(finalCents: number, charges: readonly DemoCharge[], now: number): Event[] {
  const since = now - STATEMENT_DAYS * DAY;
  const prints = charges.filter((c) => c.at >= since && c.at <= now).sort((a, b) => a.at - b.at || a.jobId - b.jobId);
  const events: Event[] = prints.map((c) => ({ at: c.at, amountCents: -c.cents, kind: "charge", jobId: c.jobId }));

  // A refund for the dearest job (up to 3.00) printed in the middle third, the next day.
  const refunded = prints
    .filter((c) => c.at >= since + 30 * DAY && c.at < since + 60 * DAY && c.cents <= 300)
    .reduce<DemoCharge | undefined>((best, c) => (!best || c.cents > best.cents ? c : best), undefined);
  if (refunded) {
    events.push({
      at: refunded.at + DAY,
      amountCents: refunded.cents,
      kind: "refund",
      jobId: refunded.jobId,
      note: `Refund: ${refunded.name} (printer jam)`,
    });
  }
  const dayStart = since - (since % DAY);
  events.push({
    at: dayStart + 20 * DAY + 10 * 3600,
    amountCents: 100,
    kind: "adjustment",
    note: "Goodwill credit from the helpdesk",
  });
  events.sort((a, b) => a.at - b.at);

  // Backwards from the final balance: `balance` is the balance before the event in hand.
  const kept: Event[] = [];
  let balance = finalCents;
  let lastRecharge = Number.POSITIVE_INFINITY;
  let recharges = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    // A credit (refund, adjustment) the balance before it could not have afforded is left out.
    if (balance - event.amountCents < 0) continue;
    kept.push(event);
    balance -= event.amountCents;
    const recharge = DEMO_RECHARGES[recharges % DEMO_RECHARGES.length]!;
    const at = event.at - 15 * 60;
    const previous = events[i - 1]?.at ?? since;
    if (balance - recharge.cents >= 400 && lastRecharge - at >= 10 * DAY && at > previous) {
      kept.push({
        at,
        amountCents: recharge.cents,
        kind: "recharge",
        provider: recharge.provider,
        note: recharge.note,
      });
      balance -= recharge.cents;
      lastRecharge = at;
      recharges += 1;
    }
  }
  kept.push({ at: since, amountCents: balance, kind: "opening", note: "Balance brought forward" });
  return kept.reverse();
}

/** Writes a demo user's statement (see demoCreditHistory) into the ledger. */
export function seedCreditHistory(
  ledger: CreditLedger,
  accountId: number,
  finalCents: number,
  charges: readonly DemoCharge[],
  now: number,
): void {
  for (const event of demoCreditHistory(finalCents, charges, now)) ledger.append({ accountId, ...event });
}
