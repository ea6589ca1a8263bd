import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredClient } from "./support/api-target.js";
import { removeDataDir, startPrintServer, type PrintServer } from "./support/print-server-process.js";
import { ALICE } from "./support/tokens.js";

/**
 * A client written only from MyQ's documentation and the two public
 * integrations (../shared/docs/myq-examples.md), against the real server over
 * HTTPS: plain JSON requests, nothing of our own (no OpenAPI helper, no
 * response checks beyond what such a client reads). If this breaks, an
 * integration that works against a real MyQ X breaks against ours.
 */
let server: PrintServer;
let app: RegisteredClient;

beforeAll(async () => {
  server = await startPrintServer();
  app = await server.registerClient("users credit", { managePayments: true, title: "Payment gateway" });
});

afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

// Such a client reads answers freely, by the documented field names.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<any> {
  const res = await server.fetch(`/api${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body !== undefined && { "Content-Type": "application/json" }),
      ...(init.token && { Authorization: `Bearer ${init.token}` }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  expect(res.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(300);
  return res.json();
}

/** The integrations read `access_token` and nothing else. */
async function token(body: Record<string, unknown>): Promise<string> {
  const answer = await json("/auth/token", {
    method: "POST",
    body: { client_id: app.clientId, client_secret: app.clientSecret, ...body },
  });
  return answer.access_token as string;
}

describe("a client written from MyQ's documentation", () => {
  it("finds a user, signs in by card, tops up by an external payment and reads the new balance", async () => {
    const client = await token({ grant_type: "client_credentials", scope: "users credit" });

    // Users are found by email, user name (an alias too) or personal code, through users[0].
    const byEmail = await json(`/v3/users/find?email=${encodeURIComponent("alice@example.com")}`, { token: client });
    const userId = byEmail.users[0].id as number;
    expect(userId).toBe(ALICE.id);
    expect((await json("/v3/users/find?username=a.liddell", { token: client })).users[0].id).toBe(userId);
    expect((await json("/v3/users/find?code=E1001&include=aliases,accounts", { token: client })).users[0].id).toBe(
      userId,
    );
    expect(await json("/v3/users/find?email=nobody%40example.com", { token: client })).toEqual({ users: [], count: 0 });

    // A card sign-in: login_info type 1.
    const userToken = await token({
      grant_type: "login_info",
      scope: "credit",
      login_info: { type: 1, card: "04A1B2C3" },
    });
    expect(userToken.split(".")).toHaveLength(3);

    const balance = async () => {
      const accounts = await json(`/v3/users/${userId}/accounts`, { token: client });
      return accounts.accounts.find((a: { reference: string }) => a.reference === "internalaccount").limits
        .price as number;
    };
    const before = await balance();

    // The payment gateway: create an external payment, then commit it with an empty body labelled JSON.
    const created = await json("/v3/rechargeProviders/external/payments", {
      method: "POST",
      token: client,
      body: { userId, description: "School canteen top-up", params: { amount: 5 } },
    });
    expect(typeof created.id).toBe("string");
    const commit = await server.fetch(`/api/v3/rechargeProviders/external/payments/${created.id}/commit`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${client}` },
      body: "",
    });
    expect(commit.status).toBe(200);
    expect(((await commit.json()) as { amount: number }).amount).toBe(5);

    const listed = await json(`/v3/rechargeProviders/external/payments?userId=${userId}`, { token: client });
    expect(listed.payments[0]).toMatchObject({ id: created.id, userId, amount: 5, state: "committed" });

    expect(await balance()).toBe(before + 5);
  });
});
