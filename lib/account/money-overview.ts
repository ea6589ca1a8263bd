import "server-only";
import type { CreditAccountView, MoneyOverview, QuotaAccountView, quotaPeriods } from "@/app/api/account/money/schema";
import { availableToPrint } from "./available-to-print";
import { quotaLeft } from "./quota";

// What the money route answers (its schema.ts), made from the print
// server's accounts and balances.

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
