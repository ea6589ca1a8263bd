import "server-only";
import { z } from "zod";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
import { parseAnswer } from "./parse-answer";
import { send } from "./send";

// A user's accounts and their balances, read with the user's own token.

const enabled = z.object({ enabled: z.boolean() });

const upstreamAccount = z.object({
  name: z.string(),
  reference: z.string().min(1),
  type: z.enum(["credit", "quota"]),
  limits: z
    .object({
      pages: z.number().optional(),
      period: z.enum(["day", "week", "month", "year"]).optional(),
      minimumBalance: z.number().optional(),
    })
    .default({}),
});

const accountsAnswer = z.object({
  credit: enabled,
  quota: enabled,
  accounts: z.array(upstreamAccount),
});

const balanceAnswer = z.object({ amount: z.number().finite() });

export type UpstreamAccount = z.infer<typeof upstreamAccount>;
export type UserAccounts = z.infer<typeof accountsAnswer>;

export async function getUserAccounts(
  accessToken: string,
  userId: number,
  api: PrintServerApi = printServerApi(),
): Promise<UserAccounts> {
  const { data } = await send(
    () => api.GET("/v3/users/{id}/accounts", { params: { path: { id: userId } }, headers: bearer(accessToken) }),
    mapApiError,
  );
  return parseAnswer(accountsAnswer, data, "accounts answer");
}

/**
 * Currency units for a credit account, pages left for a quota account. MyQ
 * documents only `{amount}`; what a quota's amount means is an assumption
 * (lib/browser-safe/contract-assumptions.ts).
 */
export async function getAccountBalance(
  accessToken: string,
  userId: number,
  reference: string,
  api: PrintServerApi = printServerApi(),
): Promise<number> {
  const { data } = await send(
    () =>
      api.GET("/v3/users/{id}/accounts/{reference}/balance", {
        params: { path: { id: userId, reference } },
        headers: bearer(accessToken),
      }),
    mapApiError,
  );
  return parseAnswer(balanceAnswer, data, "balance answer").amount;
}
