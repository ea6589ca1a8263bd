import { z } from "zod/mini";
import { normalizeVoucherCode } from "@/lib/browser-safe/credit/voucher-code";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// The voucher route's request and answer. The credit page checks a code with
// voucherRequest too, loading this module only when the form is sent
// (components/profile/field-sentence.ts), so no schema library is in the
// page's first load.

const enterCode = { error: "credit.voucher.field.enterCode" satisfies SentenceKey };

/** POST /api/credit/vouchers; `requestId` names one press of "Add credit" (a double submit repeats it). */
export const voucherRequest = z.object({
  code: z
    .string(enterCode)
    .check(z.overwrite(normalizeVoucherCode), z.minLength(1, enterCode), z.maxLength(100, enterCode)),
  requestId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/)),
  /** A solved challenge (components/challenge/), needed only after too many wrong codes. */
  altcha: z.optional(z.string().check(z.maxLength(4096))),
});
export type VoucherRequest = z.infer<typeof voucherRequest>;

export const voucherResponse = z.object({
  /** What the voucher added; null when this press was already done (its answer was lost). */
  added: z.nullable(z.number()),
  /** The credit after it, when the server says. */
  balance: z.nullable(z.number()),
});
export type VoucherResponse = z.infer<typeof voucherResponse>;
