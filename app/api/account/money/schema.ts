import { z } from "zod/mini";

// GET /api/account/money: the person's money and pages, only what the page
// shows (no references, ids or upstream fields). The route answers through
// this schema and the browser parses the answer with it.

export const quotaPeriods = ["day", "week", "month", "year"] as const;

const creditAccountView = z.object({
  name: z.string(),
  balance: z.number(),
  /** Lowest balance allowed (negative with overdraft); null means zero. */
  minimumBalance: z.nullable(z.number()),
});

const quotaAccountView = z.object({
  name: z.string(),
  /** Null when the print server does not say how many pages are left (then only the limit is shown). */
  pagesLeft: z.nullable(z.int().check(z.nonnegative())),
  pagesLimit: z.nullable(z.int().check(z.nonnegative())),
  period: z.nullable(z.enum(quotaPeriods)),
});

export const moneyResponse = z.object({
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** Null where the server has credit switched off: no credit panel then. */
  credit: z.nullable(z.object({ availableToPrint: z.number(), accounts: z.array(creditAccountView) })),
  /** Null where the server has quotas switched off. */
  quota: z.nullable(z.object({ accounts: z.array(quotaAccountView) })),
});

export type CreditAccountView = z.infer<typeof creditAccountView>;
export type QuotaAccountView = z.infer<typeof quotaAccountView>;
export type MoneyOverview = z.infer<typeof moneyResponse>;
