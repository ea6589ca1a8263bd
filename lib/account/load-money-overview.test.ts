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
const noPageLimits = { total: null, color: null, mono: null, scan: null };
const aliceAccounts = {
  credit: { enabled: true },
  quota: { enabled: true },
  accounts: [
    {
      name: "Personal credit",
      reference: "internalaccount",
      type: "credit",
      limits: { price: 25.5, ...noPageLimits, denyAccess: null },
      groupId: null,
    },
    {
      name: "Monthly quota",
      reference: "quota-monthly",
      type: "quota",
      limits: { price: 0, ...noPageLimits, total: 500, denyAccess: 1, period: "month" },
      groupId: null,
    },
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
  it("reads config, accounts (credit from limits.price) and each quota's pages left with the user's token", async () => {
    const pool = agent.get(origin);
    const seen: string[] = [];
    const record = (body: unknown) => (options: { path: string; headers?: unknown }) => {
      seen.push(`${options.path} ${(options.headers as Record<string, string>).authorization}`);
      return body;
    };
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, record(serverConfig));
    pool.intercept({ path: "/api/v3/users/3/accounts", method: "GET" }).reply(200, record(aliceAccounts));
    pool
      .intercept({ path: "/api/v3/users/3/accounts/quota-monthly/balance", method: "GET" })
      .reply(200, record({ amount: 473 }));

    const overview = await loadMoneyOverview("alice-token", 3, { api: api() });
    expect(overview).toEqual({
      currency: "EUR",
      credit: { availableToPrint: 25.5, accounts: [{ name: "Personal credit", balance: 25.5, minimumBalance: null }] },
      quota: { accounts: [{ name: "Monthly quota", pagesLeft: 473, pagesLimit: 500, period: "month" }] },
    });
    expect(seen).toHaveLength(3);
    expect(seen.every((line) => line.endsWith("Bearer alice-token"))).toBe(true);
  });

  it("asks for no balance of a kind the server has switched off", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, serverConfig);
    pool
      .intercept({ path: "/api/v3/users/3/accounts", method: "GET" })
      .reply(200, { ...aliceAccounts, quota: { enabled: false } });
    // No interceptor for the quota balance: asking for it would fail the test.
    const overview = await loadMoneyOverview("t", 3, { api: api() });
    expect(overview.quota).toBeNull();
    expect(overview.credit?.availableToPrint).toBe(25.5);
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
      .intercept({ path: "/api/v3/users/3/accounts/quota-monthly/balance", method: "GET" })
      .replyWithError(new Error("connection refused"));
    await expect(loadMoneyOverview("t", 3, { api: api() })).rejects.toMatchObject({ code: "unreachable" });
  });

  it("asks the balance endpoint for a credit account without limits.price, and refuses a balance that is not a number", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: "/api/v3/server/config", method: "GET" }).reply(200, serverConfig).times(2);
    const withoutPrice = { ...aliceAccounts.accounts[0], limits: { ...noPageLimits } };
    pool
      .intercept({ path: "/api/v3/users/3/accounts", method: "GET" })
      .reply(200, { ...aliceAccounts, accounts: [withoutPrice] })
      .times(2);
    pool
      .intercept({ path: "/api/v3/users/3/accounts/internalaccount/balance", method: "GET" })
      .reply(200, { balance: { amount: 7.25 } });
    expect((await loadMoneyOverview("t", 3, { api: api() })).credit?.availableToPrint).toBe(7.25);
    pool
      .intercept({ path: "/api/v3/users/3/accounts/internalaccount/balance", method: "GET" })
      .reply(200, { amount: "25.50" });
    await expect(loadMoneyOverview("t", 3, { api: api() })).rejects.toMatchObject({ code: "upstream_malformed" });
  });

  it("reads a real MyQ X: unknown account type, no server config, no balance endpoint", async () => {
    const pool = agent.get(origin);
    pool
      .intercept({ path: "/api/v3/server/config", method: "GET" })
      .reply(404, { code: 404, message: "Not found", data: [] });
    pool.intercept({ path: "/api/v3/users/12/accounts", method: "GET" }).reply(200, {
      credit: { enabled: true },
      quota: { enabled: true },
      accounts: [
        {
          name: "Internal account",
          reference: "internalaccount",
          type: "internal",
          limits: { price: 25.5, total: null, color: null, mono: null, scan: null, denyAccess: null },
          rechargeProviders: [{ name: "External Payment Providers", reference: "external" }],
          groupId: null,
        },
        {
          name: "Monthly pages",
          reference: "quota-7",
          type: "quota",
          limits: { price: 0, total: 500, color: 100, mono: null, scan: null, denyAccess: 1 },
          groupId: 3,
        },
        { name: "Cost centre", reference: "cc-1", type: "costCenter", limits: { price: 99 }, groupId: 4 },
      ],
    });
    pool
      .intercept({ path: "/api/v3/users/12/accounts/quota-7/balance", method: "GET" })
      .reply(404, { code: 404, message: "Not found", data: [] });
    expect(await loadMoneyOverview("t", 12, { api: api() })).toEqual({
      currency: "EUR",
      credit: {
        availableToPrint: 25.5,
        accounts: [{ name: "Internal account", balance: 25.5, minimumBalance: null }],
      },
      quota: { accounts: [{ name: "Monthly pages", pagesLeft: null, pagesLimit: 500, period: null }] },
    });
  });
});
