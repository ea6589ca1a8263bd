import "server-only";

// "Available to print" is what the server will still let the person spend:
// every credit account's balance down to its lowest allowed value, added up,
// so nobody has to add purses together in their head.

export interface CreditHolding {
  balance: number;
  /** Lowest balance the account may reach (negative when overdraft is allowed); null means zero. */
  minimumBalance: number | null;
}

/** Rounds away binary noise such as 25.5 + 3.2 = 28.700000000000003. */
function tidy(amount: number): number {
  const rounded = Math.round(amount * 1e6) / 1e6;
  return rounded === 0 ? 0 : rounded;
}

export function spendableAmount(account: CreditHolding): number {
  return tidy(Math.max(0, account.balance - (account.minimumBalance ?? 0)));
}

export function availableToPrint(accounts: readonly CreditHolding[]): number {
  return tidy(accounts.reduce((sum, account) => sum + spendableAmount(account), 0));
}
