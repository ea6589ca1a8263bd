import type { ApiTarget } from "./api-target.js";
import { call } from "./openapi-client.js";

/**
 * A user's credit balance in currency units, from the account whose `type` is
 * `credit` (its reference is the server's business: MyQ names it `internalaccount`).
 */
export async function creditBalance(target: ApiTarget, token: string, userId: number): Promise<number> {
  const accounts = await call(target, "getUserAccounts", { token, params: { id: userId } });
  if (accounts.status !== 200) throw new Error(`accounts of user ${userId}: ${accounts.status} ${accounts.text}`);
  const credit = (accounts.json.accounts as Array<{ type: string; reference: string }>).find(
    (a) => a.type === "credit",
  );
  if (!credit) throw new Error(`user ${userId} has no credit account`);
  const balance = await call(target, "getAccountBalance", {
    token,
    params: { id: userId, reference: credit.reference },
  });
  return balance.json.amount as number;
}
