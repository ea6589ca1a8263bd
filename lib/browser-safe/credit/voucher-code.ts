import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

/**
 * A voucher code as people type or paste it: spaces (any, also no-break and
 * line breaks from a pasted e-mail), dashes of every kind and case do not
 * matter, so "voucher 10", "VOUCHER-10" and "Voucher‑10" are one code. Other
 * characters are kept, so two different codes never become one. The print
 * server reads codes the same way.
 */
export function normalizeVoucherCode(code: string): string {
  return code.replace(/[\s\-\u2010-\u2015\u2212]/gu, "").toUpperCase();
}

const enterCode = { error: "credit.voucher.field.enterCode" satisfies SentenceKey };

/** POST /api/credit/vouchers; `requestId` names one press of "Add credit" (a double submit repeats it). */
export const voucherRequest = z.object({
  code: z
    .string(enterCode)
    .check(z.overwrite(normalizeVoucherCode), z.minLength(1, enterCode), z.maxLength(100, enterCode)),
  requestId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/)),
});
export type VoucherRequest = z.infer<typeof voucherRequest>;

export const voucherResponse = z.object({
  /** What the voucher added; null when this press was already done (its answer was lost). */
  added: z.nullable(z.number()),
  /** The credit after it, when the server says. */
  balance: z.nullable(z.number()),
});
export type VoucherResponse = z.infer<typeof voucherResponse>;
