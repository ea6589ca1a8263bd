/**
 * A voucher code as people type or paste it: spaces, dashes and case do not
 * matter ("voucher 05", "VOUCHER-05" and "Voucher05" are one code). Other
 * characters are kept, so two different codes never become one.
 */
export function normalizeVoucherCode(code: string): string {
  return code.replace(/[\s\-‐-―−]/gu, "").toUpperCase();
}
