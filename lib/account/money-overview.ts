import "server-only";
import type { CreditAccountView, MoneyOverview, QuotaAccountView, quotaPeriods } from "@/app/api/account/money/schema";
import { availableToPrint } from "./available-to-print";
import { quotaLeft } from "./quota";

// What the money route answers (its schema.ts), made from the print
// server's accounts and balances.

export type AccountWithBalance =
  | {
      name: string;
      kind: "credit";
      limits: { minimumBalance?: number };
      /** Currency units. */
      balance: number;
    }
  | {
      name: string;
      kind: "quota";
      limits: { total?: number | null; period?: (typeof quotaPeriods)[number] };
      /** Pages left; null when the server does not say. */
      balance: number | null;
    };

export interface MoneyOverviewInput {
  currency: string;
  creditEnabled: boolean;
  quotaEnabled: boolean;
  accounts: readonly AccountWithBalance[];
}

export function toMoneyOverview(input: MoneyOverviewInput): MoneyOverview {
  const creditAccounts: CreditAccountView[] = input.accounts.flatMap((account) =>
    account.kind === "credit"
      ? [{ name: account.name, balance: account.balance, minimumBalance: account.limits.minimumBalance ?? null }]
      : [],
  );
  const quotaAccounts: QuotaAccountView[] = input.accounts.flatMap((account) => {
    if (account.kind !== "quota") return [];
    const left = quotaLeft(account.balance, account.limits.total);
    return [
      {
        name: account.name,
        pagesLeft: left.pagesLeft,
        pagesLimit: left.pagesLimit,
        period: account.limits.period ?? null,
      },
    ];
  });
  return {
    currency: input.currency,
    credit: input.creditEnabled
      ? { availableToPrint: availableToPrint(creditAccounts), accounts: creditAccounts }
      : null,
    quota: input.quotaEnabled ? { accounts: quotaAccounts } : null,
  };
}
