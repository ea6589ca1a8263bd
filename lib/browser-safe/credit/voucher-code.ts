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
