import "server-only";
import type { TokenSet } from "@/lib/print-server/token-set";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import type { StoredSession } from "@/lib/state/state-store";

// For tests of code that looks the session up (current-session.test.ts,
// lib/http/route.test.ts): a memory store that counts what each request does
// to it, and a session to put in it.

export class CountingStore extends MemoryStateStore {
  reads = 0;
  writes = 0;

  override async readSession(sessionId: string) {
    this.reads += 1;
    return super.readSession(sessionId);
  }
  override async saveSession(sessionId: string, session: StoredSession, ttlSeconds: number) {
    this.writes += 1;
    return super.saveSession(sessionId, session, ttlSeconds);
  }
  override async touchSession(sessionId: string, ttlSeconds: number) {
    this.writes += 1;
    return super.touchSession(sessionId, ttlSeconds);
  }
  override async deleteSession(sessionId: string, userId?: number) {
    this.writes += 1;
    return super.deleteSession(sessionId, userId);
  }

  /** Starts counting afresh, as a new request would. */
  reset(): void {
    this.reads = 0;
    this.writes = 0;
  }
}

export function aliceSession(now: number, lifetimeSeconds = 1800): StoredSession {
  const tokens: TokenSet = {
    accessToken: `access-${now}`,
    refreshToken: `refresh-${now}`,
    expiresAt: now + lifetimeSeconds * 1000,
    lifetimeSeconds,
    scopes: ["users"],
  };
  return { userId: 1, username: "alice", fullName: "Alice Liddell", tokens, createdAt: now };
}

/** What the session cookie's code reads from the environment, for tests that mock getEnv. */
export const cookieTestEnv = {
  AUTH_SECRET: "a-test-secret-of-at-least-32-characters",
  PORTAL_URL: "http://localhost:3000",
  PORTAL_FRAME_ANCESTORS: ["'self'"],
  SESSION_IDLE_TIMEOUT: 1800,
} as const;

/** The session cookie's name under cookieTestEnv (plain HTTP, not framed). */
export const testSessionCookieName = "authjs.session-token";

/** A session cookie value as sign-in seals it, for session `sid`, valid for `maxAgeSeconds`. */
export async function sealedSessionCookie(sid: string, maxAgeSeconds = 7 * 24 * 3600): Promise<string> {
  const { encode } = await import("next-auth/jwt");
  return encode({
    token: { sid, name: "Alice Liddell", username: "alice" },
    secret: cookieTestEnv.AUTH_SECRET,
    salt: testSessionCookieName,
    maxAge: maxAgeSeconds,
  });
}

/**
 * A stand-in for next/headers' cookies() that holds the session cookie
 * `jar.value` (none when undefined); a cookie the code sets lands in `jar.set`.
 */
export function cookieJarOf(jar: { value: string | undefined; set?: { name: string; value: string }[] }) {
  return async () => ({
    get: (name: string) => (name === testSessionCookieName && jar.value ? { name, value: jar.value } : undefined),
    set: (name: string, value: string) => {
      jar.set ??= [];
      jar.set.push({ name, value });
    },
  });
}
