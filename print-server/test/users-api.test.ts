import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, clientToken, userToken } from "./support/tokens.js";

let server: TestApp;
let client: string;
let clientNoUsers: string;
let alice: string;
let aliceNoCredit: string;

beforeAll(async () => {
  server = await buildTestApp();
  const app = await server.registerClient("users reports credit");
  client = await accessToken(await clientToken(server, app, "users credit"));
  clientNoUsers = await accessToken(await clientToken(server, app, "reports"));
  alice = await accessToken(await userToken(server, app, "users credit", { type: 2, pin: ALICE.pin }));
  aliceNoCredit = await accessToken(await userToken(server, app, "users", { type: 2, pin: ALICE.pin }));
});

afterAll(async () => {
  await server.close();
});

describe("tokens on every request", () => {
  it("answers a missing token with 401 and WWW-Authenticate: Bearer without an error code", async () => {
    const res = await call(server, "getServerConfig");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.headers.get("www-authenticate")).not.toMatch(/error=/);
  });

  it("answers a malformed, forged or garbage token with invalid_token", async () => {
    const [header, payload] = alice.split(".");
    const forged = `${header}.${payload}.${Buffer.from("x".repeat(64)).toString("base64url")}`;
    for (const token of ["abc", forged, `${alice}x`]) {
      const res = await call(server, "getServerConfig", { token });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe("invalid_token");
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
    }
    const basic = await call(server, "getServerConfig", { headers: { authorization: "Basic abc" } });
    expect(basic.status).toBe(401);
  });

  it("accepts the Authentication header as well as Authorization", async () => {
    const res = await call(server, "getServerConfig", { token: alice, tokenHeader: "Authentication" });
    expect(res.status).toBe(200);
  });

  it("answers 403 insufficient_scope naming the scope, and 403 invalid_token_type", async () => {
    const scope = await call(server, "findUser", { token: clientNoUsers, query: { username: "alice" } });
    expect(scope.status).toBe(403);
    expect(scope.json).toMatchObject({ error: "insufficient_scope", scope: "users" });
    const type = await call(server, "findUser", { token: alice, query: { username: "alice" } });
    expect(type.status).toBe(403);
    expect(type.json.error).toBe("invalid_token_type");
    const credit = await call(server, "getUserAccounts", { token: aliceNoCredit, params: { id: ALICE.id } });
    expect(credit.status).toBe(403);
    expect(credit.json).toMatchObject({ error: "insufficient_scope", scope: "credit" });
  });
});

describe("server", () => {
  it("GET /api/server/status answers 1 without a token", async () => {
    const res = await call(server, "getServerStatus");
    expect(res.status).toBe(200);
    expect(res.json).toBe(1);
  });

  it("GET /api/v3/server/config has a real body for any token", async () => {
    for (const token of [client, alice]) {
      const res = await call(server, "getServerConfig", { token });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        language: "en",
        currency: "EUR",
        credit: { enabled: true },
        quota: { enabled: true },
      });
      expect(res.json.printingMethods.length).toBeGreaterThan(0);
    }
  });

  it("serves the CA certificate at /api/v3/certificates/ca", async () => {
    const res = await call(server, "getCaCertificate");
    expect(res.status).toBe(200);
    expect(res.text).toBe(server.services.caPem);
  });
});

describe("users", () => {
  it("finds a user by user name, alias, email, card or code: MyQ's list, read through users[0]", async () => {
    const queries: Record<string, string>[] = [
      { username: "alice" },
      { username: "alice.l" },
      { username: "A.Liddell" },
      { email: "alice@example.com" },
      { card: ALICE.card },
      { code: "E1001" },
      { username: "alice", card: ALICE.card },
    ];
    for (const query of queries) {
      const res = await call(server, "findUser", { token: client, query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.json.count).toBe(1);
      expect(res.json.users[0].id).toBe(ALICE.id);
      expect(res.json.users[0].aliases).toBeUndefined();
    }
  });

  it("adds aliases and accounts on request", async () => {
    const res = await call(server, "findUser", {
      token: client,
      query: { username: "alice", include: "aliases,accounts" },
    });
    expect(res.json.users[0]).toMatchObject({
      username: "alice",
      fullname: "Alice Liddell",
      email: "alice@example.com",
      code: "E1001",
      lang: "en",
      aliases: ["a.liddell", "alice.l"],
    });
    expect(res.json.users[0].accounts.map((a: { reference: string }) => a.reference)).toEqual([
      "internalaccount",
      "quota-monthly",
    ]);
  });

  it("adds accounts only for a token with the credit scope, as the accounts endpoint asks", async () => {
    const clientUsersOnly = await accessToken(
      await clientToken(server, await server.registerClient("users credit"), "users"),
    );
    const found = await call(server, "findUser", {
      token: clientUsersOnly,
      query: { username: "alice", include: "accounts" },
    });
    expect(found.status).toBe(403);
    expect(found.json).toMatchObject({ error: "insufficient_scope", scope: "credit" });
    const own = await call(server, "getUser", {
      token: aliceNoCredit,
      params: { id: ALICE.id },
      query: { include: "accounts" },
    });
    expect(own.status).toBe(403);
    expect(own.json).toMatchObject({ error: "insufficient_scope", scope: "credit" });
    const aliasesOnly = await call(server, "getUser", {
      token: aliceNoCredit,
      params: { id: ALICE.id },
      query: { include: "aliases" },
    });
    expect(aliasesOnly.status).toBe(200);
    expect(aliasesOnly.json.accounts).toBeUndefined();
  });

  it("answers no match with an empty list, not 404; 400 without a filter or with a bad include", async () => {
    const queries: Record<string, string>[] = [
      { username: "nobody" },
      { username: "alice", card: BOB.card },
      { email: "x@example.com" },
    ];
    for (const query of queries) {
      const res = await call(server, "findUser", { token: client, query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.json).toEqual({ users: [], count: 0 });
    }
    const none = await call(server, "findUser", { token: client, query: {} });
    expect(none.status).toBe(400);
    expect(none.json.error).toBe("invalid_request");
    expect(
      (await call(server, "findUser", { token: client, query: { username: "alice", include: "secrets" } })).status,
    ).toBe(400);
  });

  it("pages with limit and start; count is everything that matched", async () => {
    // Two users share an email here, so the list has more than one entry.
    server.services.db.prepare("UPDATE users SET email = 'team@example.com' WHERE id IN (2, 3)").run();
    try {
      const all = await call(server, "findUser", { token: client, query: { email: "team@example.com" } });
      expect(all.json.count).toBe(2);
      expect(all.json.users.map((u: { id: number }) => u.id)).toEqual([2, 3]);
      const second = await call(server, "findUser", {
        token: client,
        query: { email: "team@example.com", limit: "1", start: "1" },
      });
      expect(second.json).toMatchObject({ count: 2, users: [{ id: 3 }] });
      expect((await call(server, "findUser", { token: client, query: { email: "a", limit: "0" } })).status).toBe(400);
    } finally {
      server.services.db.prepare("UPDATE users SET email = username || '@example.com' WHERE id IN (2, 3)").run();
    }
  });

  it("lets a user token read only its own record; another user's is 404", async () => {
    expect((await call(server, "getUser", { token: alice, params: { id: ALICE.id } })).status).toBe(200);
    const other = await call(server, "getUser", { token: alice, params: { id: BOB.id } });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("not_found");
    const missing = await call(server, "getUser", { token: alice, params: { id: 999 } });
    expect(missing.text.replace("999", "")).toBe(other.text.replace(String(BOB.id), ""));
    expect((await call(server, "getUser", { token: client, params: { id: BOB.id } })).json.username).toBe("bob");
  });

  it("answers 400, never 500, for bad path input", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999999"]) {
      const res = await call(server, "getUser", { token: client, params: { id } });
      expect(res.status, id).toBe(400);
      expect(res.json.error).toBe("invalid_request");
      expect(res.text).not.toMatch(/at .*\.ts/);
    }
  });

  it("answers 400 invalid_request for a body type the server does not read", async () => {
    const res = await call(server, "createToken", { raw: "<token/>", contentType: "application/xml" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("invalid_request");
  });

  it("lists accounts in MyQ's shape: credit in internalaccount's limits.price, quota page limits", async () => {
    const accounts = await call(server, "getUserAccounts", { token: alice, params: { id: ALICE.id } });
    expect(accounts.status).toBe(200);
    expect(accounts.json.credit.enabled).toBe(true);
    expect(accounts.json.accounts).toEqual([
      {
        name: "Personal credit",
        reference: "internalaccount",
        type: "credit",
        limits: { price: 25.5, total: null, color: null, mono: null, scan: null, denyAccess: null },
        groupId: null,
        rechargeProviders: [
          { name: "External Payment Providers", reference: "external" },
          { name: "Voucher", reference: "voucher" },
        ],
      },
      {
        name: "Monthly quota",
        reference: "quota-monthly",
        type: "quota",
        limits: { price: 0, total: 500, color: null, mono: null, scan: null, denyAccess: 1, period: "month" },
        groupId: null,
      },
    ]);
    const credit = await call(server, "getAccountBalance", {
      token: alice,
      params: { id: ALICE.id, reference: "internalaccount" },
    });
    expect(credit.json).toEqual({ amount: 25.5 });
    const quota = await call(server, "getAccountBalance", {
      token: alice,
      params: { id: ALICE.id, reference: "quota-monthly" },
    });
    expect(quota.json.amount).toBeGreaterThan(0);
    expect(quota.json.amount).toBeLessThan(500);
    const bob = await call(server, "getAccountBalance", {
      token: client,
      params: { id: BOB.id, reference: "internalaccount" },
    });
    expect(bob.json).toEqual({ amount: 3.2 });
    const carol = await call(server, "getAccountBalance", {
      token: client,
      params: { id: 3, reference: "internalaccount" },
    });
    expect(carol.json).toEqual({ amount: 0 });
  });

  it("hides another user's accounts (404) and unknown accounts (404)", async () => {
    expect((await call(server, "getUserAccounts", { token: alice, params: { id: BOB.id } })).status).toBe(404);
    expect(
      (await call(server, "getAccountBalance", { token: alice, params: { id: BOB.id, reference: "internalaccount" } }))
        .status,
    ).toBe(404);
    expect(
      (await call(server, "getAccountBalance", { token: alice, params: { id: ALICE.id, reference: "nope" } })).status,
    ).toBe(404);
  });
});
