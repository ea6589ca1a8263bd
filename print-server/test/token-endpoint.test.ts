import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import type { RegisteredClient } from "./support/api-target.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, CAROL, clientToken, userToken } from "./support/tokens.js";

let server: TestApp;
let client: RegisteredClient;
let narrow: RegisteredClient;

beforeAll(async () => {
  server = await buildTestApp({ env: { PRINT_SERVER_TOKEN_LIFETIME: "900" } });
  client = await server.registerClient("users reports credit offline.access");
  narrow = await server.registerClient("reports");
});

afterAll(async () => {
  await server.close();
});

describe("client_credentials", () => {
  it("issues a client token in JSON, with the lifetime of PRINT_SERVER_TOKEN_LIFETIME and the contract's claims", async () => {
    const res = await clientToken(server, client, "users reports");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json).toMatchObject({ token_type: "Bearer", expires_in: 900, scope: "users reports" });
    expect(res.json.refresh_token).toBeUndefined();
    const claims = decodeJwt(res.json.access_token);
    expect(decodeProtectedHeader(res.json.access_token).alg).toBe("ES256");
    expect(claims).toMatchObject({ sub: client.clientId, client_id: client.clientId, scope: "users reports" });
    expect(claims.username).toBeUndefined();
    expect(Object.keys(claims).sort()).toEqual(["aud", "client_id", "exp", "iat", "iss", "jti", "scope", "sub"]);
    expect(claims.aud).toBe(claims.iss);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
  });

  it("accepts a form body and HTTP Basic client authentication", async () => {
    const res = await call(server, "createToken", {
      form: { grant_type: "client_credentials", scope: "reports" },
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.scope).toBe("reports");
  });

  it("reads HTTP Basic the same with RFC 6749's form-encoding step, and answers a wrong Basic secret with invalid_client", async () => {
    // Form-encoding leaves URL-safe characters as they are; a client may still percent-encode them.
    const percentEncoded = (s: string) =>
      [...s].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("");
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
    for (const authorization of [
      basic(encodeURIComponent(client.clientId), encodeURIComponent(client.clientSecret)),
      basic(percentEncoded(client.clientId), percentEncoded(client.clientSecret)),
    ]) {
      const res = await call(server, "createToken", {
        json: { grant_type: "client_credentials", scope: "reports" },
        headers: { authorization },
      });
      expect(res.status, res.text).toBe(200);
    }
    for (const authorization of [
      basic(client.clientId, "wrong"),
      basic(client.clientId, "%E0%A4%A"),
      "Basic bm8tY29sb24=",
    ]) {
      const res = await call(server, "createToken", {
        form: { grant_type: "client_credentials", scope: "reports" },
        headers: { authorization },
      });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe("invalid_client");
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic\b/);
    }
  });

  it("does not grant offline.access to a client acting for itself", async () => {
    const res = await clientToken(server, client, "reports offline.access");
    expect(res.status).toBe(200);
    expect(res.json.scope).toBe("reports");
    expect(res.json.refresh_token).toBeUndefined();
  });

  it("answers invalid_scope for a scope the client is not registered for", async () => {
    const res = await clientToken(server, narrow, "reports users");
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("invalid_scope");
  });

  it("answers invalid_client with WWW-Authenticate: Basic for a wrong secret, an unknown id or no credentials", async () => {
    for (const creds of [
      { client_id: client.clientId, client_secret: "wrong" },
      { client_id: "pc_unknown", client_secret: client.clientSecret },
      {},
    ]) {
      const res = await call(server, "createToken", {
        json: { grant_type: "client_credentials", scope: "reports", ...creds },
      });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe("invalid_client");
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
    }
  });

  it("refuses client credentials sent both by Basic and in the body", async () => {
    const res = await call(server, "createToken", {
      json: {
        grant_type: "client_credentials",
        scope: "reports",
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("invalid_request");
  });

  it("answers unsupported_grant_type and invalid_request", async () => {
    const creds = { client_id: client.clientId, client_secret: client.clientSecret };
    const unsupported = await call(server, "createToken", { json: { grant_type: "password", ...creds } });
    expect(unsupported.status).toBe(400);
    expect(unsupported.json.error).toBe("unsupported_grant_type");
    const noScope = await call(server, "createToken", { json: { grant_type: "client_credentials", ...creds } });
    expect(noScope.status).toBe(400);
    expect(noScope.json.error).toBe("invalid_request");
    const notJson = await call(server, "createToken", { raw: "{not json", contentType: "application/json" });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toBe("invalid_request");
    const badLoginInfo = await call(server, "createToken", {
      json: { grant_type: "login_info", scope: "users", ...creds, login_info: { type: 9, pin: "1" } },
    });
    expect(badLoginInfo.status).toBe(400);
    expect(badLoginInfo.json.error).toBe("invalid_request");
  });

  it("lets a client registered while the server runs get tokens at once, and stops a removed one", async () => {
    const fresh = await server.registerClient("reports");
    const token = await accessToken(await clientToken(server, fresh, "reports"));
    const removed = await server.cli(["clients", "remove", fresh.clientId]);
    expect(removed.code).toBe(0);
    expect((await clientToken(server, fresh, "reports")).status).toBe(401);
    const list = await call(server, "listReports", { token });
    expect(list.status).toBe(401);
  });
});

describe("login_info", () => {
  const scope = "users reports credit";
  const cases = [
    ["1 card", { type: 1, card: ALICE.card }],
    ["1 card, lower case", { type: 1, card: ALICE.card.toLowerCase() }],
    ["2 PIN", { type: 2, pin: ALICE.pin }],
    ["3 user name and password", { type: 3, user: ALICE.username, pwd: ALICE.password }],
    ["3 alias and password", { type: 3, user: "a.liddell", pwd: ALICE.password }],
    ["4 card and PIN", { type: 4, card: ALICE.card, pin: ALICE.pin }],
    ["5 card and password", { type: 5, card: ALICE.card, pwd: ALICE.password }],
  ] as const;

  for (const [name, info] of cases) {
    it(`signs alice in with type ${name}`, async () => {
      const res = await userToken(server, client, scope, info);
      expect(res.status).toBe(200);
      expect(res.json.scope).toBe(scope);
      expect(res.json.refresh_token).toBeUndefined();
      const claims = decodeJwt(res.json.access_token);
      expect(claims).toMatchObject({
        sub: "1",
        username: "alice",
        name: "Alice Liddell",
        client_id: client.clientId,
        scope,
      });
      expect(Object.keys(claims).sort()).toEqual([
        "aud",
        "client_id",
        "exp",
        "iat",
        "iss",
        "jti",
        "name",
        "scope",
        "sub",
        "username",
      ]);
    });
  }

  it("answers the same invalid_grant whatever part was wrong", async () => {
    const wrong = [
      { type: 1, card: "FFFFFFFF" },
      { type: 2, pin: "000000" },
      { type: 3, user: "carol", pwd: "wrong" },
      { type: 3, user: "nobody", pwd: "wrong" },
      { type: 4, card: ALICE.card, pin: BOB.pin },
      { type: 5, card: BOB.card, pwd: ALICE.password },
    ] as const;
    const bodies = new Set<string>();
    for (const info of wrong) {
      const res = await userToken(server, client, scope, info);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("invalid_grant");
      bodies.add(res.text);
    }
    expect(bodies.size).toBe(1);
  });

  it("accepts a form body with login_info as JSON text, and refresh_token in a form body", async () => {
    const res = await call(server, "createToken", {
      form: {
        grant_type: "login_info",
        scope: "users offline.access",
        client_id: client.clientId,
        client_secret: client.clientSecret,
        login_info: JSON.stringify({ type: 3, user: ALICE.username, pwd: ALICE.password }),
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(decodeJwt(res.json.access_token).username).toBe("alice");
    const refreshed = await call(server, "createToken", {
      form: {
        grant_type: "refresh_token",
        refresh_token: res.json.refresh_token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    const broken = await call(server, "createToken", {
      form: {
        grant_type: "login_info",
        scope: "users",
        client_id: client.clientId,
        client_secret: client.clientSecret,
        login_info: "{type:3",
      },
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toBe("invalid_request");
  });

  it("answers invalid_scope before checking the user", async () => {
    const res = await userToken(server, narrow, "users", { type: 2, pin: ALICE.pin });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("invalid_scope");
  });

  it("signs carol in by password (she has no PIN or card)", async () => {
    const res = await userToken(server, client, "users", { type: 3, user: CAROL.username, pwd: CAROL.password });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.json.access_token).sub).toBe("3");
  });
});

describe("refresh_token", () => {
  const offline = "users reports offline.access";

  async function signIn(): Promise<string> {
    const res = await userToken(server, client, offline, { type: 2, pin: BOB.pin });
    expect(res.status).toBe(200);
    expect(typeof res.json.refresh_token).toBe("string");
    expect(res.json.refresh_token).toMatch(/^[A-Za-z0-9_-]+$/);
    return res.json.refresh_token as string;
  }

  const refresh = (refresh_token: string, extra: Record<string, string> = {}) =>
    call(server, "createToken", {
      json: {
        grant_type: "refresh_token",
        refresh_token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        ...extra,
      },
    });

  it("keeps only a hash of refresh tokens and client secrets in the database", async () => {
    const token = await signIn();
    const files = ["print-server.db", "print-server.db-wal"]
      .map((f) => path.join(server.dataDir, f))
      .filter((f) => existsSync(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(token)), file).toBe(false);
      expect(bytes.includes(Buffer.from(client.clientSecret)), file).toBe(false);
    }
  });

  it("rotates on every use", async () => {
    const first = await signIn();
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first);
    expect(second.json.scope).toBe(offline);
    expect(decodeJwt(second.json.access_token)).toMatchObject({ sub: "2", username: "bob" });
    const third = await refresh(second.json.refresh_token);
    expect(third.status).toBe(200);
  });

  it("revokes the whole chain when a retired token is used again", async () => {
    const first = await signIn();
    const second = await refresh(first);
    expect(second.status).toBe(200);
    const reuse = await refresh(first);
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toBe("invalid_grant");
    // The thief's use of the old token also ends the legitimate holder's session.
    const current = await refresh(second.json.refresh_token);
    expect(current.status).toBe(400);
    expect(current.json.error).toBe("invalid_grant");
  });

  it("may narrow the scope but never widen it", async () => {
    const first = await signIn();
    const narrower = await refresh(first, { scope: "reports" });
    expect(narrower.status).toBe(200);
    expect(narrower.json.scope).toBe("reports");
    const wider = await refresh(narrower.json.refresh_token, { scope: "reports credit" });
    expect(wider.status).toBe(400);
    expect(wider.json.error).toBe("invalid_scope");
  });

  it("refuses an unknown token and a token of another client", async () => {
    expect((await refresh("not-a-token")).json.error).toBe("invalid_grant");
    const token = await signIn();
    const other = await server.registerClient("users reports offline.access");
    const res = await call(server, "createToken", {
      json: {
        grant_type: "refresh_token",
        refresh_token: token,
        client_id: other.clientId,
        client_secret: other.clientSecret,
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("invalid_grant");
  });

  it("ends every session of a user after `tokens revoke --user`", async () => {
    const token = await signIn();
    const out = await server.cli(["tokens", "revoke", "--user", "bob"]);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ user: "bob" });
    expect(JSON.parse(out.stdout).revoked).toBeGreaterThan(0);
    const res = await refresh(token);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("invalid_grant");
  });
});
