import "server-only";
import type { PrintServerApi } from "@/lib/print-server/api-client";
import { getAccountBalance, getUserAccounts } from "@/lib/print-server/accounts";
import { serverConfig, type ServerConfigOptions } from "@/lib/print-server/server-config";
import type { MoneyOverview } from "@/app/api/account/money/schema";
import { toMoneyOverview } from "./money-overview";

/**
 * Currency (cached server config), the person's accounts and each balance,
 * read with their token. Balances of a kind the server has switched off are
 * not asked for.
 */
export async function loadMoneyOverview(
  accessToken: string,
  userId: number,
  options: { api?: PrintServerApi; config?: ServerConfigOptions } = {},
): Promise<MoneyOverview> {
  const [config, accounts] = await Promise.all([
    serverConfig(accessToken, { api: options.api, ...options.config }),
    getUserAccounts(accessToken, userId, options.api),
  ]);
  // The accounts answer carries the same switches, read fresh for this person.
  const creditEnabled = accounts.credit.enabled;
  const quotaEnabled = accounts.quota.enabled;
  const shown = accounts.accounts.filter((account) => (account.type === "credit" ? creditEnabled : quotaEnabled));
  const balances = await Promise.all(
    shown.map((account) => getAccountBalance(accessToken, userId, account.reference, options.api)),
  );
  return toMoneyOverview({
    currency: config.currency,
    creditEnabled,
    quotaEnabled,
    accounts: shown.map((account, index) => ({ ...account, balance: balances[index]! })),
  });
}
