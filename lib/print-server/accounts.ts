import "server-only";
import { z } from "zod";
import { absentEndpointStatus } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
import { parseAnswer } from "./parse-answer";
import { send } from "./send";

// A user's accounts and their balances, read with the user's own token, in
// MyQ's shapes (../shared/docs/myq-examples.md) as well as ours. What each
// account is and where its balance lives is decided in
// lib/browser-safe/contract-assumptions.ts (accountKind).

const enabled = z.object({ enabled: z.boolean() });
const pageLimit = z.number().int().nullable().optional().catch(null);

const upstreamAccount = z.object({
  name: z.string(),
  reference: z.string().min(1),
  // MyQ's values are not public: any string is read, none refused.
  type: z.string().catch(""),
  limits: z
    .looseObject({
      /** Credit balance in currency units [MyQ]. */
      price: z.number().finite().nullable().optional().catch(null),
      total: pageLimit,
      color: pageLimit,
      mono: pageLimit,
      scan: pageLimit,
      /** Ours: a quota's period and a credit account's lowest allowed balance. */
      period: z.enum(["day", "week", "month", "year"]).optional().catch(undefined),
      minimumBalance: z.number().finite().optional().catch(undefined),
    })
    .nullish()
    .transform((limits) => limits ?? {}),
});

const accountsAnswer = z.object({
  // MyQ's switches; a server that leaves one out shows what its accounts hold.
  credit: enabled.catch({ enabled: true }),
  quota: enabled.catch({ enabled: true }),
  accounts: z.array(upstreamAccount),
});

// `{amount}` is ours; one real MyQ client reads `{balance: {amount}}`.
const balanceAnswer = z.union([
  z.object({ amount: z.number().finite() }),
  z.object({ balance: z.object({ amount: z.number().finite() }) }).transform((b) => b.balance),
]);

export type UpstreamAccount = z.infer<typeof upstreamAccount>;
export type UserAccounts = z.infer<typeof accountsAnswer>;

export function toUserAccounts(body: unknown): UserAccounts {
  return parseAnswer(accountsAnswer, body, "accounts answer");
}

export async function getUserAccounts(
  accessToken: string,
  userId: number,
  api: PrintServerApi = printServerApi(),
): Promise<UserAccounts> {
  const { data } = await send(
    () => api.GET("/v3/users/{id}/accounts", { params: { path: { id: userId } }, headers: bearer(accessToken) }),
    mapApiError,
  );
  return toUserAccounts(data);
}

export function toBalance(body: unknown): number {
  return parseAnswer(balanceAnswer, body, "balance answer").amount;
}

/**
 * Currency units for a credit account, pages left for a quota account. The
 * balance page of MyQ is not public; what a quota's amount means is an
 * assumption (lib/browser-safe/contract-assumptions.ts).
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
  return toBalance(data);
}

/**
 * A quota's pages left, or null when the server does not offer the balance
 * call (404) or answers it in a shape the portal does not know: the quota is
 * then shown by its limit alone. An outage is still an error.
 */
export async function quotaPagesLeft(
  accessToken: string,
  userId: number,
  reference: string,
  api?: PrintServerApi,
): Promise<number | null> {
  try {
    return await getAccountBalance(accessToken, userId, reference, api);
  } catch (error) {
    if (!(error instanceof PortalError)) throw error;
    if (error.upstreamStatus === absentEndpointStatus || error.code === "upstream_malformed") return null;
    throw error;
  }
}
