import "server-only";

// A quota as the page shows it: pages left of the period's limit.

export interface QuotaLeft {
  pagesLeft: number;
  /** Null when the server names no limit; then only what is left is shown. */
  pagesLimit: number | null;
  /** 0..1 for the meter; null without a limit. */
  fractionLeft: number | null;
}

/** The server's remaining pages, kept within 0..limit whatever it answers. */
export function quotaLeft(remainingPages: number, limitPages: number | null | undefined): QuotaLeft {
  const left = Math.max(0, Math.floor(remainingPages));
  if (limitPages === null || limitPages === undefined) return { pagesLeft: left, pagesLimit: null, fractionLeft: null };
  const pagesLimit = Math.max(0, Math.floor(limitPages));
  const pagesLeft = Math.min(pagesLimit, left);
  return { pagesLeft, pagesLimit, fractionLeft: pagesLimit === 0 ? 0 : pagesLeft / pagesLimit };
}
