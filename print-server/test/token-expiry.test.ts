import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { pollUntil } from "./support/poll.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { ALICE, userToken } from "./support/tokens.js";

let server: TestApp;

beforeAll(async () => {
  server = await buildTestApp({ env: { PRINT_SERVER_TOKEN_LIFETIME: "1" } });
});

afterAll(async () => {
  await server.close();
});

it(
  "answers an expired access token with 401 invalid_token, and the refresh token still works",
  { timeout: 180_000 },
  async () => {
    const client = await server.registerClient("users offline.access");
    const signIn = await userToken(server, client, "users offline.access", { type: 2, pin: ALICE.pin });
    expect(signIn.json.expires_in).toBe(1);
    const expired = await pollUntil(async () => {
      const res = await call(server, "getUser", { token: signIn.json.access_token, params: { id: ALICE.id } });
      return res.status === 200 ? undefined : res;
    }, 250);
    expect(expired.status).toBe(401);
    expect(expired.json.error).toBe("invalid_token");
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const refreshed = await call(server, "createToken", {
      json: {
        grant_type: "refresh_token",
        refresh_token: signIn.json.refresh_token,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.expires_in).toBe(1);
  },
);
