import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredClient } from "./support/api-target.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { ALICE, BOB } from "./support/tokens.js";

// A spec-checking OAuth 2.0 client library (panva's oauth4webapi, which
// validates every answer strictly) judges the token endpoint, the sign-in
// page and the API's challenges. Requests go to the app in this process.

const ORIGIN = "https://print-server.test";
const REDIRECT = "https://portal.example.test/callback";
const JWKS = `${ORIGIN}/test-only/jwks`;

let server: TestApp;
let registered: RegisteredClient;
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let clientAuth: oauth.ClientAuth;
let options: { [oauth.customFetch]: typeof fetch };

/** The library's requests, answered by the app in this process (and the signing key's JWKS, for checking tokens). */
function inProcessFetch(app: TestApp): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.href === JWKS) {
      const key = createPublicKey(createPrivateKey(readFileSync(path.join(app.dataDir, "keys", "token-signing.pem"))));
      return Response.json({ keys: [{ ...key.export({ format: "jwk" }), alg: "ES256", use: "sig" }] });
    }
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = init?.body === undefined || init.body === null ? undefined : String(init.body);
    return (await app.fetch(`${url.pathname}${url.search}`, {
      method: init?.method ?? "GET",
      headers,
      body,
    })) as Response;
  };
}

beforeAll(async () => {
  server = await buildTestApp();
  registered = await server.registerClient("users reports credit offline.access", {
    title: "Library client",
    redirectUris: [REDIRECT],
  });
  const issuer = server.services.startup.issuer;
  as = {
    issuer,
    token_endpoint: `${ORIGIN}/api/auth/token`,
    authorization_endpoint: `${ORIGIN}/en/auth`,
    jwks_uri: JWKS,
  };
  client = { client_id: registered.clientId };
  clientAuth = oauth.ClientSecretBasic(registered.clientSecret);
  options = { [oauth.customFetch]: inProcessFetch(server) };
});

afterAll(async () => {
  await server.close();
});

/** RFC 9068: the library checks typ at+jwt, iss, exp, aud, sub, iat, jti and client_id of an access token. */
async function checkAccessToken(token: string): Promise<oauth.JWTAccessTokenClaims> {
  const request = new Request(`${ORIGIN}/api/v3/reports`, { headers: { authorization: `Bearer ${token}` } });
  return oauth.validateJwtAccessToken(as, request, server.services.startup.issuer, options);
}

async function signIn(scope: string): Promise<oauth.TokenEndpointResponse> {
  const response = await oauth.genericTokenEndpointRequest(
    as,
    client,
    clientAuth,
    "login_info",
    { scope, login_info: JSON.stringify({ type: 2, pin: BOB.pin }) },
    options,
  );
  return oauth.processGenericTokenEndpointResponse(as, client, response);
}

async function codeFromPage(query: Record<string, string>, pin = ALICE.pin): Promise<URL> {
  const base = {
    response_type: "code",
    client_id: registered.clientId,
    redirect_uri: REDIRECT,
    scope: "users reports",
  };
  const page = await server.fetch(`/en/auth?${new URLSearchParams({ ...base, ...query })}`);
  expect(page.status).toBe(200);
  const html = Buffer.from(await page.arrayBuffer()).toString();
  // The form carries the sign-in link's fields (PKCE too) as hidden inputs; post them as the browser would.
  const pinForm = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  const fields = Object.fromEntries(
    [...pinForm.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
  );
  const res = await server.fetch("/en/auth", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, username: ALICE.username, pin }).toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

describe("client_credentials, judged by oauth4webapi", () => {
  it("answers a valid token response with an RFC 9068 access token (aud included), by Basic or by post", async () => {
    for (const auth of [clientAuth, oauth.ClientSecretPost(registered.clientSecret)]) {
      const response = await oauth.clientCredentialsGrantRequest(as, client, auth, { scope: "users credit" }, options);
      const tokens = await oauth.processClientCredentialsResponse(as, client, response);
      expect(tokens.token_type).toBe("bearer");
      expect(tokens.scope).toBe("users credit");
      const claims = await checkAccessToken(tokens.access_token);
      expect(claims.client_id).toBe(registered.clientId);
    }
  });
});

describe("login_info and refresh_token, judged by oauth4webapi", () => {
  it("user tokens carry aud (RFC 9068), also after a refresh", async () => {
    const tokens = await signIn("users reports offline.access");
    const claims = await checkAccessToken(tokens.access_token);
    expect(claims.sub).toBe(String(BOB.id));
    expect(claims.aud).toBe(server.services.startup.issuer);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, options),
    );
    await checkAccessToken(refreshed.access_token);
  });

  it("a refresh refused for a wider scope retires nothing: the same token still works (RFC 6749 section 6)", async () => {
    const tokens = await signIn("users offline.access");
    const wider = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, {
      ...options,
      additionalParameters: { scope: "users reports" },
    });
    const refusal = await oauth.processRefreshTokenResponse(as, client, wider).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(oauth.ResponseBodyError);
    expect(refusal).toMatchObject({ error: "invalid_scope", status: 400 });
    // The client's retry is not a reuse: no chain is revoked, nobody is signed out.
    const retry = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, options);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, retry);
    expect(refreshed.scope).toBe("users offline.access");
    const next = await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshed.refresh_token!, options);
    expect((await oauth.processRefreshTokenResponse(as, client, next)).access_token).toBeTruthy();
  });

  it("error answers are RFC 6749 section 5.2 bodies; a failed client authentication is a Basic challenge", async () => {
    const badScope = await oauth.clientCredentialsGrantRequest(as, client, clientAuth, { scope: "scan" }, options);
    await expect(oauth.processClientCredentialsResponse(as, client, badScope)).rejects.toMatchObject({
      error: "invalid_scope",
      status: 400,
    });
    const badGrant = await oauth.refreshTokenGrantRequest(as, client, clientAuth, "not-a-refresh-token", options);
    await expect(oauth.processRefreshTokenResponse(as, client, badGrant)).rejects.toMatchObject({
      error: "invalid_grant",
      status: 400,
    });
    const badSecret = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic("wrong"),
      { scope: "users" },
      options,
    );
    const error = await oauth.processClientCredentialsResponse(as, client, badSecret).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = (error as oauth.WWWAuthenticateChallengeError).cause[0];
    expect(challenge?.scheme).toBe("basic");
    expect((error as oauth.WWWAuthenticateChallengeError).status).toBe(401);
  });
});

describe("authorization_code with PKCE, judged by oauth4webapi", () => {
  it("signs in through the page with S256 and exchanges the code with its verifier", async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const location = await codeFromPage({
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const params = oauth.validateAuthResponse(as, client, location, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      REDIRECT,
      verifier,
      options,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.refresh_token).toBeUndefined();
    expect((await checkAccessToken(tokens.access_token)).sub).toBe(String(ALICE.id));
  });

  it("refuses a code asked for with a challenge when the verifier is missing or wrong (RFC 7636)", async () => {
    for (const sentVerifier of [oauth.nopkce, oauth.generateRandomCodeVerifier()] as const) {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const location = await codeFromPage({
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
      const params = oauth.validateAuthResponse(as, client, location, state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        REDIRECT,
        sentVerifier,
        options,
      );
      await expect(oauth.processAuthorizationCodeResponse(as, client, response)).rejects.toMatchObject({
        error: "invalid_grant",
      });
    }
  });

  it("refuses a verifier for a code asked for without a challenge (no PKCE downgrade), and a plain challenge", async () => {
    const state = oauth.generateRandomState();
    const params = oauth.validateAuthResponse(as, client, await codeFromPage({ state }), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      REDIRECT,
      oauth.generateRandomCodeVerifier(),
      options,
    );
    await expect(oauth.processAuthorizationCodeResponse(as, client, response)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    // Only S256: a "plain" (or absent) method is sent back as invalid_request.
    for (const method of [{ code_challenge_method: "plain" }, {}] as Record<string, string>[]) {
      const page = await server.fetch(
        `/en/auth?${new URLSearchParams({
          response_type: "code",
          client_id: registered.clientId,
          redirect_uri: REDIRECT,
          scope: "users",
          state: "s1",
          code_challenge: "x".repeat(43),
          ...method,
        })}`,
      );
      expect(page.status).toBe(302);
      const back = new URL(page.headers.get("location") ?? "");
      expect(() => oauth.validateAuthResponse(as, client, back, "s1")).toThrow(oauth.AuthorizationResponseError);
      expect(back.searchParams.get("error")).toBe("invalid_request");
    }
  });

  it("sends an unsupported response_type back to a registered redirect_uri with the error and the state", async () => {
    const page = await server.fetch(
      `/en/auth?${new URLSearchParams({
        response_type: "token",
        client_id: registered.clientId,
        redirect_uri: REDIRECT,
        scope: "users",
        state: "st-9",
      })}`,
    );
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const error = (() => {
      try {
        oauth.validateAuthResponse(as, client, back, "st-9");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect(error).toMatchObject({ error: "unsupported_response_type" });
    // An unknown client or an unregistered address still gets a page, never a redirect.
    for (const query of [
      { client_id: "pc_unknown", redirect_uri: REDIRECT },
      { client_id: registered.clientId, redirect_uri: "https://evil.example/cb" },
    ]) {
      const res = await server.fetch(
        `/en/auth?${new URLSearchParams({ response_type: "token", scope: "users", state: "x", ...query })}`,
      );
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      await res.arrayBuffer();
    }
  });
});

describe("the API's challenges, parsed by oauth4webapi", () => {
  it("403 insufficient_scope carries a Bearer challenge naming the scope (RFC 6750 section 3)", async () => {
    const tokens = await signIn("users");
    const error = await oauth
      .protectedResourceRequest(
        tokens.access_token,
        "GET",
        new URL(`${ORIGIN}/api/v3/reports`),
        undefined,
        null,
        options,
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = error as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(403);
    expect(challenge.cause).toEqual([
      expect.objectContaining({
        scheme: "bearer",
        parameters: expect.objectContaining({ error: "insufficient_scope", scope: "reports" }),
      }),
    ]);
  });

  it("401 names invalid_token for a bad token and no error code for a missing one", async () => {
    const bad = await oauth
      .protectedResourceRequest("bad.token.here", "GET", new URL(`${ORIGIN}/api/v3/reports`), undefined, null, options)
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((bad as oauth.WWWAuthenticateChallengeError).cause[0]).toMatchObject({
      scheme: "bearer",
      parameters: { error: "invalid_token" },
    });
    const missing = await server.fetch("/api/v3/reports");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer realm="print-server"$/);
    await missing.arrayBuffer();
  });
});
