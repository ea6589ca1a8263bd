import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetch as undiciFetch, type Agent } from "undici";
import { startMyqDouble, type MyqDouble } from "@/e2e/support/myq-double";
import { loadMoneyOverview } from "@/lib/account/load-money-overview";
import { createAgent, createPrintServerApi, type PrintServerApi } from "./api-client";
import { toJobList } from "./jobs";
import { toCommittedPayment, toCreatedPayment, toPaymentList, toRechargeProviders } from "./payments";
import { toPrintAll, toPrinterList } from "./printers";
import { listReports } from "./reports";
import { isPrintServerUp } from "./server-status";
import { userFromAccessToken } from "./token-claims";
import { requestClientToken, signInUser } from "./token-endpoint";
import { getOwnProfile, toFoundUser } from "./users";

// The portal's print server client against the MyQ-shaped double over real
// HTTPS (its own CA, verification on): everything the portal reads, in the
// shapes a real MyQ X answers. The browser's view of the same is
// e2e/myq-double.spec.ts.

let myq: MyqDouble;
let agent: Agent;
let api: PrintServerApi;
const scopes = "users reports credit offline.access";

// Two RSA keys for the throw-away CA take a while on a busy machine.
beforeAll(async () => {
  myq = await startMyqDouble();
  agent = createAgent(myq.caPem, 15_000);
  api = createPrintServerApi({ baseUrl: myq.url, timeoutMs: 15_000, dispatcher: agent });
}, 60_000);

afterAll(async () => {
  await agent.close();
  await myq.close();
});

const deps = () => ({ api, clientId: myq.clientId, clientSecret: myq.clientSecret, scopes });

/** Endpoints the portal has no module for yet (jobs, printers, payments): raw calls, read by its parsers. */
async function raw(path: string, token: string, init: { method?: string; body?: string } = {}): Promise<unknown> {
  const res = await undiciFetch(`${myq.url}/api${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined && { "content-type": "application/json" }),
    },
    body: init.body,
    dispatcher: agent,
  });
  expect(res.status, path).toBeLessThan(300);
  return res.status === 204 ? undefined : res.json();
}

describe("the print server client against a MyQ-shaped server", { timeout: 30_000 }, () => {
  it("sees it up, signs alice in by PIN and reads who she is from the token and her record", async () => {
    expect(await isPrintServerUp(api)).toBe(true);
    const tokens = await signInUser({ method: "pin", pin: "112358" }, "10.0.0.7", deps());
    // MyQ's answer has no refresh token: the session ends with the access token.
    expect(tokens.refreshToken).toBeUndefined();
    expect(userFromAccessToken(tokens.accessToken)).toEqual({
      userId: 12,
      username: "alice",
      fullName: "Alice Liddell",
    });
    expect(await getOwnProfile(tokens.accessToken, 12, api)).toEqual({
      username: "alice",
      fullName: "Alice Liddell",
      email: "alice@example.com",
      language: "en",
      aliases: ["a.liddell"],
      passwordManagedElsewhere: false,
    });
  });

  it("reads a wrong PIN in MyQ's error body as PIN or password not recognised", async () => {
    await expect(signInUser({ method: "pin", pin: "000000" }, undefined, deps())).rejects.toMatchObject({
      code: "invalid_credentials",
    });
  });

  it("shows her balance from limits.price and her quota by its limit: no server config, no balance call", async () => {
    const { accessToken } = await signInUser({ method: "pin", pin: "112358" }, undefined, deps());
    expect(await loadMoneyOverview(accessToken, 12, { api, config: { ttlMs: 0 } })).toEqual({
      currency: "EUR",
      credit: { availableToPrint: 25.5, accounts: [{ name: "Internal account", balance: 25.5, minimumBalance: null }] },
      quota: { accounts: [{ name: "Monthly pages", pagesLeft: null, pagesLimit: 500, period: null }] },
    });
    expect(myq.requests).toContain("GET /api/v3/server/config");
    expect(myq.requests).toContain("GET /api/v3/users/12/accounts/quota-7/balance");
  });

  it("takes the missing reports endpoint as not offered", async () => {
    const { accessToken } = await signInUser({ method: "pin", pin: "112358" }, undefined, deps());
    expect(await listReports(accessToken, api)).toBeNull();
  });

  it("reads her jobs without state or deletion time, the printers, and releases a job", async () => {
    const { accessToken } = await signInUser({ method: "pin", pin: "112358" }, undefined, deps());
    const client = (await requestClientToken(deps())).accessToken;
    const { jobs, count } = toJobList(await raw("/v3/jobs", accessToken));
    expect(count).toBe(2);
    expect(jobs.every((job) => job.state === null && job.expiresAt === null)).toBe(true);
    expect(toPrinterList(await raw("/v3/printers", client)).printers).toEqual([
      { id: 3, name: "Reception", location: "Ground floor", state: "active", mode: "online" },
    ]);
    expect(toPrintAll(await raw("/v3/printers/3/printAll", accessToken)).jobIds).toEqual([4711, 4712]);
    await raw("/v3/printers/3/jobs/release", accessToken, {
      method: "POST",
      body: JSON.stringify({ projectId: 0, jobIds: [4711], account: "internalaccount" }),
    });
    expect(toJobList(await raw("/v3/jobs", accessToken)).jobs.map((job) => job.id)).toEqual([4712]);
  });

  it("tops her up by voucher through MyQ's payments: create, commit ({amount}), list", async () => {
    const client = (await requestClientToken(deps())).accessToken;
    expect(toRechargeProviders(await raw("/v3/rechargeProviders", client)).map((p) => p.reference)).toEqual([
      "external",
      "voucher",
    ]);
    const created = toCreatedPayment(
      await raw("/v3/rechargeProviders/voucher/payments", client, {
        method: "POST",
        body: JSON.stringify({ userId: 12, params: { code: "voucher-10" } }),
      }),
    );
    const committed = toCommittedPayment(
      await raw(`/v3/rechargeProviders/voucher/payments/${created.id}/commit`, client, { method: "POST", body: "" }),
    );
    expect(committed).toEqual({ amount: 10, balance: null });
    const listed = toPaymentList(await raw("/v3/rechargeProviders/voucher/payments?userId=12", client));
    expect(listed.payments[0]).toMatchObject({ id: created.id, state: "committed", amount: 10 });
    const found = toFoundUser(await raw("/v3/users/find?email=alice%40example.com", client));
    expect(found?.username).toBe("alice");
  });
});
