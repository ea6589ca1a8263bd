import "server-only";
import { z } from "zod";
import { PortalError } from "@/lib/browser-safe/errors";
import { printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
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

function bearer(accessToken: string) {
  return { authorization: `Bearer ${accessToken}` };
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
  const parsed = accountsAnswer.safeParse(data);
  if (!parsed.success)
    throw new PortalError("upstream_malformed", { reason: "accounts answer does not match the contract" });
  return parsed.data;
}

/**
 * Currency units for a credit account, pages left for a quota account. MyQ
 * documents only `{amount}`; that a quota's amount is pages left in the
 * current period is our contract (docs/print-server-api.md, [ours]).
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
  const parsed = balanceAnswer.safeParse(data);
  if (!parsed.success)
    throw new PortalError("upstream_malformed", { reason: "balance answer does not match the contract" });
  return parsed.data.amount;
}
