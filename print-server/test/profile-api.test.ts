import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/secrets.js";
import { DEMO_SELF_SERVICE, writeSelfService, type SelfServiceSettings } from "../src/db/settings.js";
import type { RegisteredClient } from "./support/api-target.js";
import { call } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, CAROL, clientToken, userToken } from "./support/tokens.js";

let server: TestApp;
let app: RegisteredClient;
let client: string;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  server = await buildTestApp();
  app = await server.registerClient("users credit", { forwardsUserAddress: true });
  client = await accessToken(await clientToken(server, app, "users"));
  alice = await accessToken(await userToken(server, app, "users", { type: 2, pin: ALICE.pin }));
  bob = await accessToken(await userToken(server, app, "users", { type: 2, pin: BOB.pin }));
  carol = await accessToken(
    await userToken(server, app, "users", { type: 3, user: CAROL.username, pwd: CAROL.password }),
  );
});

afterAll(async () => {
  await server.close();
});

afterEach(() => setSelfService({}));

function setSelfService(change: Partial<SelfServiceSettings>): void {
  writeSelfService(server.services.db, { ...DEMO_SELF_SERVICE, ...change });
}

const me = async (token: string, id: number) => (await call(server, "getUser", { token, params: { id } })).json;

describe("GET /v3/server/config: the self-service settings a portal honours", () => {
  it("answers what users may change and the password rules, as set", async () => {
    const demo = await call(server, "getServerConfig", { token: alice });
    expect(demo.json.selfService).toEqual({
      pinChange: { allowed: true, length: 6 },
      profileEditing: true,
      passwordRules: { minLength: 8, maxLength: 128, requireLetter: true, requireDigit: true },
    });
    setSelfService({ profileEditing: false, pinChange: { allowed: false, length: 8 } });
    const changed = await call(server, "getServerConfig", { token: client });
    expect(changed.json.selfService).toMatchObject({ profileEditing: false, pinChange: { allowed: false, length: 8 } });
    expect(changed.json).toMatchObject({ currency: "EUR", credit: { enabled: true } });
  });

  it("tells a directory account by syncSource (MyQ's field), empty for local accounts", async () => {
    expect((await me(carol, CAROL.id)).syncSource).toBe("LDAP");
    expect((await me(alice, ALICE.id)).syncSource).toBe("");
  });

  it("says whether a person has a password (ours), so a portal knows what a new PIN needs", async () => {
    expect((await me(alice, ALICE.id)).hasPassword).toBe(true);
    expect((await me(carol, CAROL.id)).hasPassword).toBe(true);
    server.services.users.setPasswordHash(BOB.id, null);
    try {
      expect((await me(bob, BOB.id)).hasPassword).toBe(false);
    } finally {
      server.services.users.setPasswordHash(BOB.id, await hashPassword(BOB.password));
    }
  });
});

describe("PATCH /v3/users/{id}", () => {
  it("changes full name and email with profile editing on, and answers the user as stored", async () => {
    const res = await call(server, "updateUser", {
      token: alice,
      params: { id: ALICE.id },
      json: { fullname: "  Alice P. Liddell ", email: "alice.liddell@example.org" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: ALICE.id,
      fullname: "Alice P. Liddell",
      email: "alice.liddell@example.org",
      lang: "en",
    });
    expect(await me(alice, ALICE.id)).toMatchObject({
      fullname: "Alice P. Liddell",
      email: "alice.liddell@example.org",
    });
  });

  it("always lets users change their language; full name and email only with profile editing on", async () => {
    setSelfService({ profileEditing: false });
    const lang = await call(server, "updateUser", { token: bob, params: { id: BOB.id }, json: { lang: "cs" } });
    expect(lang.status).toBe(200);
    expect(lang.json.lang).toBe("cs");
    for (const field of ["fullname", "email"] as const) {
      const value = field === "email" ? "bob@example.org" : "Robert Builder";
      const res = await call(server, "updateUser", {
        token: bob,
        params: { id: BOB.id },
        json: { lang: "de", [field]: value },
      });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: "not_allowed", field });
    }
    // Refused as a whole: the language sent along did not change either.
    expect(await me(bob, BOB.id)).toMatchObject({ lang: "cs", fullname: "Bob Builder", email: "bob@example.com" });
  });

  it("refuses every other field with 403 not_allowed naming it, whatever the settings", async () => {
    for (const [field, value] of [
      ["username", "bobby"],
      ["phone", "+1 555 0100"],
      ["code", "E9999"],
      ["notes", "x"],
      ["syncSource", ""],
      ["id", 7],
    ] as const) {
      const res = await call(server, "updateUser", { token: bob, params: { id: BOB.id }, json: { [field]: value } });
      expect(res.status, field).toBe(403);
      expect(res.json).toMatchObject({ error: "not_allowed", field });
    }
    expect(await me(bob, BOB.id)).toMatchObject({ username: "bob", code: "E1002", phone: null });
  });

  it("answers 400 invalid_request for a bad email, a blank name or a bad language, changing nothing", async () => {
    for (const json of [
      { email: "not-an-email" },
      { email: "alice@" },
      { email: "" },
      { fullname: "   " },
      { fullname: "Tab\there" },
      { fullname: "x".repeat(201) },
      { lang: "english" },
      { lang: 5 },
    ]) {
      const res = await call(server, "updateUser", { token: bob, params: { id: BOB.id }, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.error).toBe("invalid_request");
    }
    expect(await me(bob, BOB.id)).toMatchObject({ fullname: "Bob Builder", email: "bob@example.com" });
  });

  it("answers 404 for another user's id, and refuses client tokens", async () => {
    const other = await call(server, "updateUser", { token: alice, params: { id: BOB.id }, json: { lang: "de" } });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("not_found");
    const byClient = await call(server, "updateUser", { token: client, params: { id: BOB.id }, json: { lang: "de" } });
    expect(byClient.status).toBe(403);
    expect(byClient.json.error).toBe("invalid_token_type");
    expect((await me(bob, BOB.id)).lang).not.toBe("de");
  });

  it("answers the unchanged user for an empty change, twice alike", async () => {
    const first = await call(server, "updateUser", { token: alice, params: { id: ALICE.id }, json: {} });
    const second = await call(server, "updateUser", { token: alice, params: { id: ALICE.id }, json: {} });
    expect(first.status).toBe(200);
    expect(second.json).toEqual(first.json);
  });
});

describe("POST /v3/users/{id}/password", () => {
  const change = (token: string, id: number, currentPassword: string, newPassword: string, address = "198.51.100.10") =>
    call(server, "changePassword", {
      token,
      params: { id },
      json: { currentPassword, newPassword },
      headers: { "x-forwarded-for": address },
    });

  it("answers 409 managed_externally for a directory account, even with the right password", async () => {
    const res = await change(carol, CAROL.id, CAROL.password, "newPassword42");
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("managed_externally");
    expect((await userToken(server, app, "users", { type: 3, user: "carol", pwd: CAROL.password })).status).toBe(200);
  });

  it("checks the server's password rules, naming the rule broken", async () => {
    const cases: Array<[string, string]> = [
      ["short1", "minLength"],
      ["nodigitshere", "requireDigit"],
      ["1234567890", "requireLetter"],
      ["x1".repeat(65), "maxLength"],
    ];
    for (const [password, rule] of cases) {
      const res = await change(bob, BOB.id, BOB.password, password);
      expect(res.status, password).toBe(400);
      expect(res.json).toMatchObject({ error: "invalid_request", field: "newPassword", rule });
    }
    setSelfService({ passwordRules: { minLength: 3, maxLength: 20, requireLetter: false, requireDigit: false } });
    const name = await change(bob, BOB.id, BOB.password, "BOB");
    expect(name.json).toMatchObject({ rule: "notUsername" });
    const same = await change(bob, BOB.id, BOB.password, BOB.password);
    expect(same.json).toMatchObject({ rule: "notCurrent" });
    setSelfService({ passwordRules: { minLength: 16, maxLength: 128, requireLetter: true, requireDigit: true } });
    expect((await change(bob, BOB.id, BOB.password, "fifteen-chars-1")).json.rule).toBe("minLength");
  });

  it("changes the password: the new one signs in, the old one no longer does", async () => {
    const res = await change(alice, ALICE.id, ALICE.password, "looking-glass-7");
    expect(res.status).toBe(204);
    expect(res.bytes.length).toBe(0);
    const signIn = (pwd: string) => userToken(server, app, "users", { type: 3, user: "alice", pwd });
    expect((await signIn("looking-glass-7")).status).toBe(200);
    expect((await signIn(ALICE.password)).json.error).toBe("invalid_grant");
    // Back, for the tests after this one.
    expect((await change(alice, ALICE.id, "looking-glass-7", "wonderland-1")).status).toBe(204);
  });

  it("answers 404 for another user's id and refuses client tokens", async () => {
    expect((await change(alice, BOB.id, BOB.password, "newPassword42")).status).toBe(404);
    const byClient = await change(client, BOB.id, BOB.password, "newPassword42");
    expect(byClient.status).toBe(403);
    expect(byClient.json.error).toBe("invalid_token_type");
    expect((await userToken(server, app, "users", { type: 3, user: "bob", pwd: BOB.password })).status).toBe(200);
  });

  // Last two: they lock bob's and alice's sign-ins.
  it("counts a wrong current password as a failed sign-in: after 5, sign-in is 429 too", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await change(bob, BOB.id, `wrong-${i}`, "newPassword42", `198.51.100.${20 + i}`);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("invalid_grant");
    }
    const locked = await change(bob, BOB.id, BOB.password, "newPassword42", "198.51.100.30");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    const signIn = await userToken(
      server,
      app,
      "users",
      { type: 3, user: "bob", pwd: BOB.password },
      { "x-forwarded-for": "198.51.100.31" },
    );
    expect(signIn.status).toBe(429);
  });

  it("lets 40 parallel guesses of the current password through no more often than 5 in a row", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        change(alice, ALICE.id, `guess-${i}`, "newPassword42", `203.0.113.${i + 1}`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect((await change(alice, ALICE.id, "wonderland-1", "newPassword42", "203.0.113.99")).status).toBe(429);
  });
});
