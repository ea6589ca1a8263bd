import { z } from "zod/mini";
import { availableToPrint } from "./available-to-print";
import { quotaLeft } from "./quota";

// What the browser receives about a person's money and pages: only what the
// page shows (no references, ids or upstream fields). The same schema checks
// the route's answer on the server and the JSON in the browser (zod/mini, as
// everything the browser loads: a fraction of full zod's size).

export const quotaPeriods = ["day", "week", "month", "year"] as const;

const creditAccountView = z.object({
  name: z.string(),
  balance: z.number(),
  /** Lowest balance allowed (negative with overdraft); null means zero. */
  minimumBalance: z.nullable(z.number()),
});

const quotaAccountView = z.object({
  name: z.string(),
  pagesLeft: z.int().check(z.nonnegative()),
  pagesLimit: z.nullable(z.int().check(z.nonnegative())),
  period: z.nullable(z.enum(quotaPeriods)),
});

export const moneyOverviewSchema = z.object({
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** Null where the server has credit switched off: no credit panel then. */
  credit: z.nullable(z.object({ availableToPrint: z.number(), accounts: z.array(creditAccountView) })),
  /** Null where the server has quotas switched off. */
  quota: z.nullable(z.object({ accounts: z.array(quotaAccountView) })),
});

export type CreditAccountView = z.infer<typeof creditAccountView>;
export type QuotaAccountView = z.infer<typeof quotaAccountView>;
export type MoneyOverview = z.infer<typeof moneyOverviewSchema>;

export interface AccountWithBalance {
  name: string;
  type: "credit" | "quota";
  limits: { pages?: number; period?: (typeof quotaPeriods)[number]; minimumBalance?: number };
  /** Currency units (credit) or pages left (quota). */
  balance: number;
}

export interface MoneyOverviewInput {
  currency: string;
  creditEnabled: boolean;
  quotaEnabled: boolean;
  accounts: readonly AccountWithBalance[];
}

export function toMoneyOverview(input: MoneyOverviewInput): MoneyOverview {
  const creditAccounts: CreditAccountView[] = input.accounts
    .filter((account) => account.type === "credit")
    .map((account) => ({
      name: account.name,
      balance: account.balance,
      minimumBalance: account.limits.minimumBalance ?? null,
    }));
  const quotaAccounts: QuotaAccountView[] = input.accounts
    .filter((account) => account.type === "quota")
    .map((account) => {
      const left = quotaLeft(account.balance, account.limits.pages);
      return {
        name: account.name,
        pagesLeft: left.pagesLeft,
        pagesLimit: left.pagesLimit,
        period: account.limits.period ?? null,
      };
    });
  return {
    currency: input.currency,
    credit: input.creditEnabled
      ? { availableToPrint: availableToPrint(creditAccounts), accounts: creditAccounts }
      : null,
    quota: input.quotaEnabled ? { accounts: quotaAccounts } : null,
  };
}
