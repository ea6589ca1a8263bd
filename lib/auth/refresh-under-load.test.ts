import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { createPrintServerApi, createRefreshApi } from "@/lib/print-server/api-client";
import { refreshUserTokens } from "@/lib/print-server/token-endpoint";
import { refreshDue } from "@/lib/print-server/token-set";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { StoredSession } from "@/lib/state/state-store";
import { accessTokenFor } from "./access-token";
import { aliceSession } from "./session-test-kit";

// Parallel requests meet a token refresh on a print server slower than the
// portal's usual call time limit (as under load). The token endpoint here
// rotates like the real one: it retires a refresh token as soon as it takes
// it (even if its answer then comes late) and revokes the chain when a
// retired one is used again. Before the refresh had a time limit of its own
// (lib/state/lock-lifetime.ts) and parallel requests shared one refresh, every
// request answered 503 in turn, each retrying the token the server had
// already retired, and the session ended.

const origin = "https://print.test:8090";
const callTimeoutMs = 200;
const clientDeps = { clientId: "portal", clientSecret: "secret", scopes: "users offline.access" };
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

/** The token endpoint, answering each refresh `delayMs` after it took it. */
function slowRotatingTokenEndpoint(delayMs: number) {
  let generation = 0;
  const valid = new Set(["refresh-0"]);
  const presented: string[] = [];
  agent
    .get(origin)
    .intercept({ path: "/api/auth/token", method: "POST" })
    .reply<object>((options) => {
      const token = (JSON.parse(String(options.body)) as { refresh_token: string }).refresh_token;
      presented.push(token);
      if (!valid.delete(token)) {
        valid.clear();
        return { statusCode: 400, data: { error: "invalid_grant" } };
      }
      generation += 1;
      valid.add(`refresh-${generation}`);
      return {
        statusCode: 200,
        data: {
          access_token: `access-${generation}`,
          token_type: "Bearer",
          expires_in: 20,
          scope: "users offline.access",
          refresh_token: `refresh-${generation}`,
        },
      };
    })
    .delay(delayMs)
    .persist();
  return { presented };
}

/** The refresh as the portal makes it (current-session.ts), through the refresh client. */
function refresh(token: string) {
  return refreshUserTokens(token, {
    api: createRefreshApi({ baseUrl: origin, callTimeoutMs, dispatcher: agent }),
    ...clientDeps,
  });
}

/** alice's session, its access token issued `ageSeconds` ago with a 20 s lifetime. */
function sessionAged(ageSeconds: number): StoredSession {
  const session = aliceSession(Date.now() - ageSeconds * 1000, 20);
  return { ...session, tokens: { ...session.tokens, accessToken: "access-0", refreshToken: "refresh-0" } };
}

async function parallelRequests(store: MemoryStateStore, session: StoredSession, count: number) {
  return Promise.allSettled(
    Array.from({ length: count }, () => accessTokenFor("s1", session, { store, refresh, idleTimeoutSeconds: 1800 })),
  );
}

const tokensHandedOut = (results: PromiseSettledResult<{ accessToken: string }>[]) =>
  results.map((result) => (result.status === "fulfilled" ? result.value.accessToken : String(result.reason)));

describe("a token refresh on a slow print server", () => {
  it("gives 40 parallel requests on an expired token the one new token", async () => {
    const server = slowRotatingTokenEndpoint(3 * callTimeoutMs);
    const store = new MemoryStateStore();
    const expired = sessionAged(25);
    await store.saveSession("s1", expired, 1800);

    const results = await parallelRequests(store, expired, 40);
    expect(tokensHandedOut(results)).toEqual(Array.from({ length: 40 }, () => "access-1"));
    expect(server.presented).toEqual(["refresh-0"]);
    expect((await store.readSession("s1"))?.session.tokens.refreshToken).toBe("refresh-1");
  });

  it("keeps the late answer of a refresh made while the old token still worked: the chain goes on", async () => {
    const server = slowRotatingTokenEndpoint(3 * callTimeoutMs);
    const store = new MemoryStateStore();
    const due = sessionAged(15);
    await store.saveSession("s1", due, 1800);
    expect(tokensHandedOut(await parallelRequests(store, due, 6))).toEqual(Array.from({ length: 6 }, () => "access-1"));

    // The next refresh uses the rotated token, so nothing is revoked.
    const stored = (await store.readSession("s1"))!.session;
    const dueAgain = { ...stored, tokens: { ...stored.tokens, expiresAt: Date.now() + 5_000 } };
    await store.saveSession("s1", dueAgain, 1800);
    expect(refreshDue(dueAgain.tokens, Date.now())).toBe(true);
    expect(tokensHandedOut(await parallelRequests(store, dueAgain, 6))).toEqual(
      Array.from({ length: 6 }, () => "access-2"),
    );
    expect(server.presented).toEqual(["refresh-0", "refresh-1"]);
  });

  it("a refresh that fails is tried once for all parallel requests, and the session stays for the next", async () => {
    const presented: string[] = [];
    agent
      .get(origin)
      .intercept({ path: "/api/auth/token", method: "POST" })
      .reply((options) => {
        presented.push((JSON.parse(String(options.body)) as { refresh_token: string }).refresh_token);
        return { statusCode: 503, data: {} };
      })
      .persist();
    const store = new MemoryStateStore();
    const expired = sessionAged(25);
    await store.saveSession("s1", expired, 1800);
    const results = await parallelRequests(store, expired, 40);
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    expect(presented).toEqual(["refresh-0"]);
    expect((await store.readSession("s1"))?.session.tokens.refreshToken).toBe("refresh-0");
  });

  it("other calls keep the usual time limit", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/me", method: "GET" })
      .reply(200, {})
      .delay(3 * callTimeoutMs);
    const api = createPrintServerApi({ baseUrl: origin, timeoutMs: callTimeoutMs, dispatcher: agent });
    await expect(api.GET("/v3/me" as never)).rejects.toThrow();
  });
});
