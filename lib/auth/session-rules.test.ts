import { describe, expect, it, vi } from "vitest";
import { PortalError } from "@/lib/browser-safe/errors";
import type { TokenSet } from "@/lib/print-server/token-set";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { lockTtlFor, refreshTimeLimitFor } from "@/lib/state/lock-lifetime";
import { accessTokenFor } from "./access-token";
import { lookUpSession } from "./current-session";
import { aliceSession } from "./session-test-kit";

// The session rules, one test each: an absolute lifetime on top
// of the idle timeout, signing out during a refresh stays signed out, the
// refresh lock outlives the print server's time limit, and signing in again
// replaces the previous session (replace-session.test.ts).

vi.mock("@/lib/print-server/token-endpoint", () => ({ refreshUserTokens: vi.fn() }));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ SESSION_IDLE_TIMEOUT: 1800, SESSION_MAX_LIFETIME: 43200 }) }));

const start = Date.parse("2026-03-02T09:00:00Z");

describe("the absolute lifetime", () => {
  it("ends a session this long after sign-in, however active it was", async () => {
    const clock = { now: start };
    const store = new MemoryStateStore(() => clock.now);
    await store.saveSession("s1", aliceSession(start), 1800);
    const deps = { store, idleTimeoutSeconds: 1800, maxLifetimeSeconds: 3600, now: () => clock.now };
    // Active every 20 minutes: the idle timer never runs out.
    for (let minute = 20; minute < 60; minute += 20) {
      clock.now = start + minute * 60_000;
      expect((await lookUpSession("s1", deps)).status).toBe("active");
    }
    clock.now = start + 3600_000;
    expect((await lookUpSession("s1", deps)).status).toBe("ended");
    expect(await store.readSession("s1")).toBeUndefined();
  });
});

describe("signing out during a token refresh", () => {
  it("cannot bring the session back when the refresh answers afterwards", async () => {
    const store = new MemoryStateStore();
    const now = Date.now();
    // Due for a refresh: 5 s of a 20 s token left.
    const session = aliceSession(now - 15_000, 20);
    await store.saveSession("s1", session, 1800);
    let answer: (tokens: TokenSet) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<TokenSet>((resolve) => (answer = resolve)));
    const pending = accessTokenFor("s1", session, { store, refresh, idleTimeoutSeconds: 1800 });
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    // The person signs out (lib/auth/sign-out.ts deletes the session) while the refresh is out.
    await store.deleteSession("s1");
    answer({ accessToken: "new", refreshToken: "new-r", expiresAt: now + 20_000, lifetimeSeconds: 20, scopes: [] });
    await expect(pending).rejects.toSatisfy((error) => error instanceof PortalError && error.code === "session_ended");
    expect(await store.readSession("s1")).toBeUndefined();
  });
});

describe("the refresh lock", () => {
  it("is held longer than a call to the print server may take", () => {
    for (const timeoutMs of [100, 10_000, 30_000, 120_000]) {
      expect(lockTtlFor(timeoutMs)).toBeGreaterThan(timeoutMs);
      expect(lockTtlFor(timeoutMs)).toBeGreaterThanOrEqual(30_000);
    }
  });

  it("lets a token refresh take longer than other calls, and still ends it while the lock is held", () => {
    for (const timeoutMs of [100, 10_000, 30_000, 120_000]) {
      expect(refreshTimeLimitFor(timeoutMs)).toBeGreaterThanOrEqual(2 * timeoutMs);
      expect(lockTtlFor(timeoutMs) - refreshTimeLimitFor(timeoutMs)).toBeGreaterThanOrEqual(5_000);
    }
  });
});
