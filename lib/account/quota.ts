import "server-only";

// A quota as the page shows it: pages left of the period's limit.

export interface QuotaLeft {
  /** Null when the server does not say how many pages are left. */
  pagesLeft: number | null;
  /** Null when the server names no limit; then only what is left is shown. */
  pagesLimit: number | null;
  /** 0..1 for the meter; null without a limit or without pages left. */
  fractionLeft: number | null;
}

/** The server's remaining pages, kept within 0..limit whatever it answers. */
export function quotaLeft(remainingPages: number | null, limitPages: number | null | undefined): QuotaLeft {
  const pagesLimit = limitPages === null || limitPages === undefined ? null : Math.max(0, Math.floor(limitPages));
  if (remainingPages === null) return { pagesLeft: null, pagesLimit, fractionLeft: null };
  const left = Math.max(0, Math.floor(remainingPages));
  if (pagesLimit === null) return { pagesLeft: left, pagesLimit: null, fractionLeft: null };
  const pagesLeft = Math.min(pagesLimit, left);
  return { pagesLeft, pagesLimit, fractionLeft: pagesLimit === 0 ? 0 : pagesLeft / pagesLimit };
}
