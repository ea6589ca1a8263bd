import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { MockAgent } from "undici";
import { PortalError } from "@/lib/browser-safe/errors";
import { createPrintServerApi } from "./api-client";
import { userFromAccessToken } from "./token-claims";
import { refreshUserTokens, requestClientToken, revokeRefreshToken, signInUser } from "./token-endpoint";
import { getOwnProfile } from "./users";
import { isPrintServerUp } from "./server-status";

const origin = "https://print.test:8090";
let agent: MockAgent;

function deps() {
  const api = createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });
  return { api, clientId: "portal-id", clientSecret: "portal-secret", scopes: "users reports offline.access" };
}

async function userToken(claims: Record<string, unknown>) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode("k".repeat(32)));
}

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

describe("signInUser", () => {
  it("sends a PIN as login_info type 2 with the browser's address and reads the granted scopes", async () => {
    let sent: unknown;
    let forwarded: unknown;
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(200, (options) => {
        sent = JSON.parse(String(options.body));
        forwarded = (options.headers as Record<string, string>)["x-forwarded-for"];
        return {
          access_token: "at-1",
          token_type: "Bearer",
          expires_in: 20,
          scope: "users offline.access",
          refresh_token: "rt-1",
        };
      });
    const before = Date.now();
    const tokens = await signInUser({ method: "pin", pin: "112358" }, "203.0.113.9", deps());
    expect(sent).toEqual({
      grant_type: "login_info",
      scope: "users reports offline.access",
      client_id: "portal-id",
      client_secret: "portal-secret",
      login_info: { type: 2, pin: "112358" },
    });
    expect(forwarded).toBe("203.0.113.9");
    expect(tokens.accessToken).toBe("at-1");
    expect(tokens.refreshToken).toBe("rt-1");
    expect(tokens.scopes).toEqual(["users", "offline.access"]);
    expect(tokens.lifetimeSeconds).toBe(20);
    expect(tokens.expiresAt).toBeGreaterThanOrEqual(before + 20_000);
  });

  it("sends user name and password as login_info type 3", async () => {
    let sent: { login_info?: unknown } = {};
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(200, (options) => {
        sent = JSON.parse(String(options.body));
        return { access_token: "at", token_type: "Bearer", expires_in: 1800, scope: "users" };
      });
    const tokens = await signInUser(
      { method: "password", username: "alice", password: "wonderland" },
      undefined,
      deps(),
    );
    expect(sent.login_info).toEqual({ type: 3, user: "alice", pwd: "wonderland" });
    expect(tokens.refreshToken).toBeUndefined();
  });

  it("turns a wrong PIN into invalid_credentials", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(400, { error: "invalid_grant", error_description: "no" });
    await expect(signInUser({ method: "pin", pin: "1" }, undefined, deps())).rejects.toMatchObject({
      code: "invalid_credentials",
    });
  });

  it("turns 429 into locked with the server's Retry-After", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(429, { error: "too_many_requests" }, { headers: { "retry-after": "300" } });
    await expect(signInUser({ method: "pin", pin: "1" }, undefined, deps())).rejects.toMatchObject({
      code: "locked",
      retryAfterSeconds: 300,
    });
  });

  it("rejects a success answer that breaks the contract", async () => {
    agent.get(origin).intercept({ path: "/api/auth/token", method: "POST" }).reply(200, { token: "x" });
    await expect(signInUser({ method: "pin", pin: "1" }, undefined, deps())).rejects.toMatchObject({
      code: "upstream_malformed",
    });
  });

  it("rejects a success answer that is not JSON", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(200, "<html>", { headers: { "content-type": "application/json" } });
    await expect(signInUser({ method: "pin", pin: "1" }, undefined, deps())).rejects.toMatchObject({
      code: "upstream_malformed",
    });
  });

  it("reports a refused connection as unreachable", async () => {
    agent.get(origin).intercept({ path: "/api/auth/token", method: "POST" }).replyWithError(new Error("ECONNREFUSED"));
    const error = await signInUser({ method: "pin", pin: "1" }, undefined, deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect((error as PortalError).code).toBe("unreachable");
  });
});

describe("refreshUserTokens and requestClientToken", () => {
  it("uses the refresh_token grant and maps refusal to session_ended", async () => {
    let sent: unknown;
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(200, (options) => {
        sent = JSON.parse(String(options.body));
        return {
          access_token: "at-2",
          token_type: "Bearer",
          expires_in: 20,
          scope: "users offline.access",
          refresh_token: "rt-2",
        };
      });
    const tokens = await refreshUserTokens("rt-1", deps());
    expect(sent).toEqual({
      grant_type: "refresh_token",
      refresh_token: "rt-1",
      client_id: "portal-id",
      client_secret: "portal-secret",
    });
    expect(tokens.refreshToken).toBe("rt-2");

    agent.get(origin).intercept({ path: "/api/auth/token", method: "POST" }).reply(400, { error: "invalid_grant" });
    await expect(refreshUserTokens("rt-1", deps())).rejects.toMatchObject({ code: "session_ended" });
  });

  it("asks for a client token with only the scopes it needs (no reports, jobs or offline.access)", async () => {
    let sent: { scope?: string; grant_type?: string } = {};
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply(200, (options) => {
        sent = JSON.parse(String(options.body));
        return { access_token: "ct", token_type: "Bearer", expires_in: 1800, scope: "users reports" };
      });
    await requestClientToken({ ...deps(), scopes: "users reports credit jobs printers offline.access" });
    expect(sent.grant_type).toBe("client_credentials");
    expect(sent.scope).toBe("users credit printers");
  });
});

describe("user calls", () => {
  it("reads the own profile with the user's bearer token and maps it to a DTO", async () => {
    let authorization: unknown;
    agent
      .get(origin)
      .intercept({ path: "/api/v3/users/7?include=aliases", method: "GET" })
      .reply(200, (options) => {
        authorization = (options.headers as Record<string, string>).authorization;
        return {
          id: 7,
          username: "alice",
          fullname: "Alice Liddell",
          email: "alice@example.com",
          code: null,
          lang: "en",
          phone: null,
          notes: null,
          aliases: ["al"],
        };
      });
    const profile = await getOwnProfile("at-7", 7, deps().api);
    expect(authorization).toBe("Bearer at-7");
    expect(profile).toEqual({
      username: "alice",
      fullName: "Alice Liddell",
      email: "alice@example.com",
      language: "en",
      aliases: ["al"],
      passwordManagedElsewhere: false,
    });
  });

  it("maps a revoked token to session_ended", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/users/7?include=aliases", method: "GET" })
      .reply(401, { error: "invalid_token" });
    await expect(getOwnProfile("at-7", 7, deps().api)).rejects.toMatchObject({ code: "session_ended" });
  });

  it("answers whether the server is up without throwing", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/server/status", method: "GET" })
      .reply(200, "1", { headers: { "content-type": "application/json" } });
    expect(await isPrintServerUp(deps().api)).toBe(true);
    agent.get(origin).intercept({ path: "/api/server/status", method: "GET" }).replyWithError(new Error("down"));
    expect(await isPrintServerUp(deps().api)).toBe(false);
  });
});

describe("userFromAccessToken", () => {
  it("reads user id, user name and full name from our claims", async () => {
    const token = await userToken({ sub: "7", username: "alice", name: "Alice Liddell", scope: "users" });
    expect(userFromAccessToken(token)).toEqual({ userId: 7, username: "alice", fullName: "Alice Liddell" });
  });
  it("falls back to the user name and refuses client tokens and garbage", async () => {
    expect(userFromAccessToken(await userToken({ sub: "8", username: "carol" })).fullName).toBe("carol");
    expect(() => userFromAccessToken("not-a-jwt")).toThrow(PortalError);
    expect(() => userFromAccessToken("x")).toThrow(/not a JWT/);
  });
  it("refuses a client token (no username claim)", async () => {
    const token = await userToken({ sub: "portal-id", client_id: "portal-id" });
    expect(() => userFromAccessToken(token)).toThrow(/user claims/);
  });
});

describe("revokeRefreshToken", () => {
  it("sends the refresh token with its type and the client's credentials to /api/auth/revoke", async () => {
    let sent: unknown;
    agent
      .get(origin)
      .intercept({ path: "/api/auth/revoke", method: "POST" })
      .reply(200, (options) => {
        sent = JSON.parse(String(options.body));
        return "";
      });
    await expect(revokeRefreshToken("rt-9", deps())).resolves.toBe(true);
    expect(sent).toEqual({
      token: "rt-9",
      token_type_hint: "refresh_token",
      client_id: "portal-id",
      client_secret: "portal-secret",
    });
  });

  it("answers false where the server offers no revocation (404), and throws other failures", async () => {
    agent.get(origin).intercept({ path: "/api/auth/revoke", method: "POST" }).reply(404, { error: "not_found" });
    await expect(revokeRefreshToken("rt-9", deps())).resolves.toBe(false);
    agent.get(origin).intercept({ path: "/api/auth/revoke", method: "POST" }).reply(503, "");
    await expect(revokeRefreshToken("rt-9", deps())).rejects.toMatchObject({ code: "unreachable" });
  });
});
