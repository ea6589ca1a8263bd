import type { Db } from "./open-database.js";
import { paymentsRepository } from "./payments.js";

const DAY = 86_400;

/** The demo's vouchers (README, "Demo organisation"): three to redeem, one used, one expired. */
export const DEMO_VOUCHERS = [
  { code: "VOUCHER-05", euros: 5, state: "unused" },
  { code: "VOUCHER-10", euros: 10, state: "unused" },
  { code: "VOUCHER-20", euros: 20, state: "unused" },
  { code: "VOUCHER-USED", euros: 5, state: "used" },
  { code: "VOUCHER-OLD", euros: 10, state: "expired" },
] as const;

export function seedDemoVouchers(db: Db, lookupKey: Buffer, now: number): void {
  const payments = paymentsRepository(db, lookupKey);
  for (const v of DEMO_VOUCHERS) {
    payments.addVoucher({
      code: v.code,
      valueCents: v.euros * 100,
      now: now - 60 * DAY,
      expiresAt: v.state === "expired" ? now - 30 * DAY : now + 365 * DAY,
      ...(v.state === "used" && { usedAt: now - 10 * DAY }),
    });
  }
}
