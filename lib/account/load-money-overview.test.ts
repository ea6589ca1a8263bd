import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { createPrintServerApi } from "@/lib/print-server/api-client";
import { clearServerConfigCache } from "@/lib/print-server/server-config";
import { loadMoneyOverview } from "./load-money-overview";

const origin = "https://print.test:8090";
const serverConfig = {
  language: "en",
  currency: "EUR",
  printingMethods: [],
  jobFormats: [],
  accountingMode: "accountingGroups",
  credit: { enabled: true },
  quota: { enabled: true },
};
const aliceAccounts = {
  credit: { enabled: true },
  quota: { enabled: true },
  accounts: [
    { name: "Personal credit", reference: "credit", type: "credit", limits: {} },
    { name: "Monthly quota", reference: "quota-monthly", type: "quota", limits: { pages: 500, period: "month" } },
  ],
};
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  clearServerConfigCache();
});
afterEach(async () => {
  await agent.close();
});

function api() {
  return createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });
}

describe("loadMoneyOverview", () => {
  it("reads config, accounts and each balance with the user's token", async () => {
    const pool = agent.get(origin);
    const seen: string[] = [];
    const record = (body: unknown) => (options: { path: string; headers?: unknown }) => {
      seen.push(`${options.path} ${(options.headers as Record<string, string>).authorization}`);
      return body;
    };
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, record(serverConfig));
    pool.intercept({ path: "/api/v3/users/3/accounts", method: "GET" }).reply(200, record(aliceAccounts));
    pool
      .intercept({ path: "/api/v3/users/3/accounts/credit/balance", method: "GET" })
      .reply(200, record({ amount: 25.5 }));
    pool
      .intercept({ path: "/api/v3/users/3/accounts/quota-monthly/balance", method: "GET" })
      .reply(200, record({ amount: 473 }));

    const overview = await loadMoneyOverview("alice-token", 3, { api: api() });
    expect(overview).toEqual({
      currency: "EUR",
      credit: { availableToPrint: 25.5, accounts: [{ name: "Personal credit", balance: 25.5, minimumBalance: null }] },
      quota: { accounts: [{ name: "Monthly quota", pagesLeft: 473, pagesLimit: 500, period: "month" }] },
    });
    expect(seen).toHaveLength(4);
    expect(seen.every((line) => line.endsWith("Bearer alice-token"))).toBe(true);
  });

  it("asks for no balance of a kind the server has switched off", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, serverConfig);
    pool
      .intercept({ path: "/api/v3/users/3/accounts", method: "GET" })
      .reply(200, { ...aliceAccounts, quota: { enabled: false } });
    pool.intercept({ path: "/api/v3/users/3/accounts/credit/balance", method: "GET" }).reply(200, { amount: 0 });
    // No interceptor for the quota balance: asking for it would fail the test.
    const overview = await loadMoneyOverview("t", 3, { api: api() });
    expect(overview.quota).toBeNull();
    expect(overview.credit?.availableToPrint).toBe(0);
  });

  it("turns a missing right to read balances into forbidden_scope", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, serverConfig);
    pool
      .intercept({ path: "/api/v3/users/3/accounts", method: "GET" })
      .reply(403, { error: "insufficient_scope", error_description: "needs credit", scope: "credit" });
    await expect(loadMoneyOverview("t", 3, { api: api() })).rejects.toMatchObject({
      name: "PortalError",
      code: "forbidden_scope",
    });
  });

  it("fails as unreachable when a balance cannot be read", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, serverConfig);
    pool.intercept({ path: "/api/v3/users/3/accounts", method: "GET" }).reply(200, aliceAccounts);
    pool
      .intercept({ path: "/api/v3/users/3/accounts/credit/balance", method: "GET" })
      .replyWithError(new Error("connection refused"));
    pool.intercept({ path: "/api/v3/users/3/accounts/quota-monthly/balance", method: "GET" }).reply(200, { amount: 1 });
    await expect(loadMoneyOverview("t", 3, { api: api() })).rejects.toMatchObject({ code: "unreachable" });
  });

  it("refuses a balance that is not a number", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, serverConfig);
    pool
      .intercept({ path: "/api/v3/users/3/accounts", method: "GET" })
      .reply(200, { ...aliceAccounts, accounts: [aliceAccounts.accounts[0]] });
    pool.intercept({ path: "/api/v3/users/3/accounts/credit/balance", method: "GET" }).reply(200, { amount: "25.50" });
    await expect(loadMoneyOverview("t", 3, { api: api() })).rejects.toMatchObject({ code: "upstream_malformed" });
  });
});
