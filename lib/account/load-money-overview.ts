import "server-only";
import { accountKind, fallbackCurrency } from "@/lib/browser-safe/contract-assumptions";
import type { PrintServerApi } from "@/lib/print-server/api-client";
import { getAccountBalance, getUserAccounts, quotaPagesLeft, type UpstreamAccount } from "@/lib/print-server/accounts";
import { serverConfig, type ServerConfigOptions } from "@/lib/print-server/server-config";
import type { MoneyOverview } from "@/app/api/account/money/schema";
import { toMoneyOverview, type AccountWithBalance } from "./money-overview";

/**
 * Currency (cached server config), the person's accounts and their balances,
 * read with their token. A credit balance is the account's `limits.price`
 * [MyQ]; only a credit account without one, and each quota (pages left), asks
 * the balance endpoint. Kinds the server has switched off are not asked for.
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
  // The accounts answer carries the switches [MyQ], read fresh for this person.
  const creditEnabled = accounts.credit.enabled;
  const quotaEnabled = accounts.quota.enabled;

  const credit = async (account: UpstreamAccount): Promise<AccountWithBalance> => {
    const { price, minimumBalance } = account.limits;
    const balance =
      typeof price === "number" ? price : await getAccountBalance(accessToken, userId, account.reference, options.api);
    return { name: account.name, kind: "credit", limits: { minimumBalance }, balance };
  };
  const quota = async (account: UpstreamAccount): Promise<AccountWithBalance> => ({
    name: account.name,
    kind: "quota",
    limits: { total: account.limits.total, period: account.limits.period },
    balance: await quotaPagesLeft(accessToken, userId, account.reference, options.api),
  });

  const shown = accounts.accounts.flatMap((account) => {
    const kind = accountKind(account);
    if (kind === "credit" && creditEnabled) return [credit(account)];
    if (kind === "quota" && quotaEnabled) return [quota(account)];
    return [];
  });
  return toMoneyOverview({
    currency: config.currency ?? fallbackCurrency,
    creditEnabled,
    quotaEnabled,
    accounts: await Promise.all(shown),
  });
}
