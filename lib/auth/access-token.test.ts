import { describe, expect, it } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import { refreshDue, type TokenSet } from "@/lib/print-server/token-set";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { StateStore, StoredSession } from "@/lib/state/state-store";
import { accessTokenFor, type AccessTokenDeps } from "./access-token";

function tokens(name: string, now: number, lifetimeSeconds = 20, refresh = true): TokenSet {
  return {
    accessToken: `access-${name}`,
    refreshToken: refresh ? `refresh-${name}` : undefined,
    expiresAt: now + lifetimeSeconds * 1000,
    lifetimeSeconds,
    scopes: ["users", "offline.access"],
  };
}

function session(tokenSet: TokenSet): StoredSession {
  return { userId: 1, username: "alice", fullName: "Alice Liddell", tokens: tokenSet, createdAt: 0 };
}

/** A fake token endpoint that rotates refresh tokens and, like the real one, refuses a retired token. */
function rotatingServer(clock: { now: number }, delayMs = 5) {
  let generation = 0;
  const valid = new Set(["refresh-0"]);
  const used: string[] = [];
  return {
    used,
    refresh: async (refreshToken: string): Promise<TokenSet> => {
      used.push(refreshToken);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (!valid.delete(refreshToken)) throw new PortalError("session_ended", { reason: "reused refresh token" });
      generation += 1;
      valid.add(`refresh-${generation}`);
      return tokens(String(generation), clock.now);
    },
  };
}

describe("refreshDue", () => {
  it("refreshes when less than min(60 s, lifetime / 3) remains", () => {
    const now = 1_000_000;
    expect(refreshDue(tokens("a", now, 20), now)).toBe(false);
    expect(refreshDue(tokens("a", now, 20), now + 13_000)).toBe(false);
    expect(refreshDue(tokens("a", now, 20), now + 14_000)).toBe(true);
    expect(refreshDue(tokens("a", now, 1800), now + 1_739_000)).toBe(false);
    expect(refreshDue(tokens("a", now, 1800), now + 1_741_000)).toBe(true);
  });
});

/** One request: the session as its lookup read it, then its token. */
async function tokenFor(sessionId: string, deps: AccessTokenDeps) {
  const read = await deps.store.readSession(sessionId);
  if (!read) throw new Error("the lookup would have found no session");
  return accessTokenFor(sessionId, read.session, deps);
}

describe("accessTokenFor", () => {
  it("returns the stored token while it is fresh, without calling the server", async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryStateStore(() => clock.now);
    await store.saveSession("s1", session(tokens("0", clock.now)), 600);
    const server = rotatingServer(clock);
    const result = await tokenFor("s1", {
      store,
      refresh: server.refresh,
      idleTimeoutSeconds: 600,
      now: () => clock.now,
    });
    expect(result.accessToken).toBe("access-0");
    expect(server.used).toEqual([]);
  });

  it("refreshes exactly once for many parallel requests and keeps the new pair", async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryStateStore(() => clock.now);
    await store.saveSession("s1", session(tokens("0", clock.now)), 600);
    const server = rotatingServer(clock, 20);
    const deps = { store, refresh: server.refresh, idleTimeoutSeconds: 600, now: () => clock.now };

    clock.now += 15_000; // inside the refresh margin of a 20 s token
    const results = await Promise.all(Array.from({ length: 10 }, () => tokenFor("s1", deps)));
    expect(server.used).toEqual(["refresh-0"]);
    expect(new Set(results.map((r) => r.accessToken))).toEqual(new Set(["access-1"]));
    expect((await store.readSession("s1"))?.session.tokens.refreshToken).toBe("refresh-1");

    // Several lifetimes later the chain is still intact: each token used once.
    for (let round = 2; round <= 5; round += 1) {
      clock.now += 15_000;
      const again = await Promise.all(Array.from({ length: 5 }, () => tokenFor("s1", deps)));
      expect(new Set(again.map((r) => r.accessToken))).toEqual(new Set([`access-${round}`]));
    }
    expect(server.used).toEqual(["refresh-0", "refresh-1", "refresh-2", "refresh-3", "refresh-4"]);
  });

  it("ends the session when the refresh is refused", async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryStateStore(() => clock.now);
    await store.saveSession("s1", session(tokens("0", clock.now)), 600);
    const refresh = async (): Promise<TokenSet> => {
      throw new PortalError("session_ended", { reason: "revoked" });
    };
    clock.now += 15_000;
    await expect(
      tokenFor("s1", { store, refresh, idleTimeoutSeconds: 600, now: () => clock.now }),
    ).rejects.toMatchObject({
      code: "session_ended",
    });
    expect(await store.readSession("s1")).toBeUndefined();
  });

  it("without offline.access, uses the token until it expires and then ends the session", async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryStateStore(() => clock.now);
    await store.saveSession("s1", session(tokens("0", clock.now, 20, false)), 600);
    const refresh = async (): Promise<TokenSet> => {
      throw new Error("must not be called");
    };
    const deps = { store, refresh, idleTimeoutSeconds: 600, now: () => clock.now };
    clock.now += 15_000;
    expect((await tokenFor("s1", deps)).accessToken).toBe("access-0");
    clock.now += 6_000;
    await expect(tokenFor("s1", deps)).rejects.toMatchObject({ code: "session_ended" });
    expect(await store.readSession("s1")).toBeUndefined();
  });

  it("keeps the session through a short outage while the access token lasts", async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryStateStore(() => clock.now);
    await store.saveSession("s1", session(tokens("0", clock.now)), 600);
    const refresh = async (): Promise<TokenSet> => {
      throw new PortalError("unreachable");
    };
    const deps = { store, refresh, idleTimeoutSeconds: 600, now: () => clock.now };
    clock.now += 15_000;
    expect((await tokenFor("s1", deps)).accessToken).toBe("access-0");
    clock.now += 6_000;
    await expect(tokenFor("s1", deps)).rejects.toMatchObject({ code: "unreachable" });
    expect((await store.readSession("s1"))?.session.tokens.refreshToken).toBe("refresh-0");
  });

  it("reports a session that ended before its refresh as ended", async () => {
    const clock = { now: 1_000_000 };
    const store = new MemoryStateStore(() => clock.now);
    const stale = session(tokens("0", clock.now));
    clock.now += 15_000;
    const refresh = async (): Promise<TokenSet> => tokens("x", clock.now);
    await expect(
      accessTokenFor("signed-out", stale, { store, refresh, idleTimeoutSeconds: 600, now: () => clock.now }),
    ).rejects.toMatchObject({ code: "session_ended" });
  });

  it("hands out a fresh token without touching the store", async () => {
    const untouchable = new Proxy({} as StateStore, {
      get: () => () => {
        throw new Error("the store must not be used for a fresh token");
      },
    });
    const fresh = session(tokens("0", Date.now(), 1800));
    const result = await accessTokenFor("s1", fresh, {
      store: untouchable,
      refresh: async () => tokens("x", 0),
      idleTimeoutSeconds: 600,
    });
    expect(result.accessToken).toBe("access-0");
  });
});
