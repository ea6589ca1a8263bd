import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { log, errorFields } from "@/lib/log";
import type { TokenSet } from "@/lib/print-server/token-set";
import type { SessionStore, StoredSession } from "./session-store";

// Hands out a session's access token, refreshing it shortly before it expires.
// Refresh tokens rotate and a reused one revokes the chain, so a refresh runs
// under the session's lock and the session is re-read after taking it: parallel
// requests refresh exactly once and all use the new pair.

export interface AccessTokenDeps {
  store: SessionStore;
  refresh: (refreshToken: string) => Promise<TokenSet>;
  idleTimeoutSeconds: number;
  now?: () => number;
}

/** Refresh when less than min(60 s, a third of the lifetime) remains. */
export function needsRefresh(tokens: TokenSet, now: number): boolean {
  const marginMs = Math.min(60, tokens.lifetimeSeconds / 3) * 1000;
  return tokens.expiresAt - marginMs <= now;
}

async function end(store: SessionStore, sessionId: string, reason: string): Promise<never> {
  await store.delete(sessionId);
  throw new PortalError("session_ended", { reason });
}

export async function accessTokenFor(
  sessionId: string,
  deps: AccessTokenDeps,
): Promise<{ accessToken: string; session: StoredSession }> {
  const now = deps.now ?? Date.now;
  const { store } = deps;
  const current = await store.get(sessionId);
  if (!current) throw new PortalError("session_ended", { reason: "no session" });
  if (!needsRefresh(current.tokens, now())) {
    await store.touch(sessionId, deps.idleTimeoutSeconds);
    return { accessToken: current.tokens.accessToken, session: current };
  }

  return store.withLock(`refresh:${sessionId}`, async () => {
    const session = await store.get(sessionId);
    if (!session) throw new PortalError("session_ended", { reason: "no session" });
    // Another request may have refreshed while this one waited for the lock.
    if (!needsRefresh(session.tokens, now())) {
      await store.touch(sessionId, deps.idleTimeoutSeconds);
      return { accessToken: session.tokens.accessToken, session };
    }
    const stillValid = session.tokens.expiresAt > now();
    if (!session.tokens.refreshToken) {
      // Without offline.access the session lasts as long as its access token.
      if (stillValid) return { accessToken: session.tokens.accessToken, session };
      return end(store, sessionId, "access token expired, no refresh token");
    }
    try {
      const tokens = await deps.refresh(session.tokens.refreshToken);
      const updated: StoredSession = { ...session, tokens };
      await store.set(sessionId, updated, deps.idleTimeoutSeconds);
      return { accessToken: tokens.accessToken, session: updated };
    } catch (error) {
      const portalError = error instanceof PortalError ? error : undefined;
      if (portalError?.code === "session_ended" || portalError?.code === "internal") {
        log.warn("session refresh refused", errorFields(error));
        return end(store, sessionId, "refresh refused");
      }
      // The server is briefly away: keep the session and the unused refresh
      // token, and carry on with the access token while it lasts.
      if (stillValid) return { accessToken: session.tokens.accessToken, session };
      throw error;
    }
  });
}
