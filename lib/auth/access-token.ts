import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorFields, log } from "@/lib/log";
import { refreshDue, type TokenSet } from "@/lib/print-server/token-set";
import type { StateStore, StoredSession } from "@/lib/state/state-store";

// Hands out a session's access token, refreshing it shortly before it expires.
// The session was read once for this request (current-session.ts): a fresh
// token costs no further store access. Refresh tokens rotate and a reused one
// revokes the chain, so a refresh runs under the session's lock and the
// session is read again after taking it: parallel requests refresh exactly
// once and all use the new pair.

export interface AccessTokenDeps {
  store: StateStore;
  refresh: (refreshToken: string) => Promise<TokenSet>;
  idleTimeoutSeconds: number;
  now?: () => number;
}

async function end(store: StateStore, sessionId: string, reason: string): Promise<never> {
  await store.deleteSession(sessionId);
  throw new PortalError("session_ended", { reason });
}

/** The access token of `session` (as read for this request), refreshed first when due. */
export async function accessTokenFor(
  sessionId: string,
  session: StoredSession,
  deps: AccessTokenDeps,
): Promise<{ accessToken: string; session: StoredSession }> {
  const now = deps.now ?? Date.now;
  if (!refreshDue(session.tokens, now())) return { accessToken: session.tokens.accessToken, session };
  const { store } = deps;

  return store.withLock(`refresh:${sessionId}`, async () => {
    const latest = (await store.readSession(sessionId))?.session;
    if (!latest) throw new PortalError("session_ended", { reason: "no session" });
    // Another request may have refreshed while this one waited for the lock.
    if (!refreshDue(latest.tokens, now())) return { accessToken: latest.tokens.accessToken, session: latest };
    const stillValid = latest.tokens.expiresAt > now();
    if (!latest.tokens.refreshToken) {
      // Without offline.access the session lasts as long as its access token.
      if (stillValid) return { accessToken: latest.tokens.accessToken, session: latest };
      return end(store, sessionId, "access token expired, no refresh token");
    }
    let tokens: TokenSet;
    try {
      tokens = await deps.refresh(latest.tokens.refreshToken);
    } catch (error) {
      const portalError = error instanceof PortalError ? error : undefined;
      if (portalError?.code === "session_ended" || portalError?.code === "internal") {
        log.warn("session refresh refused", errorFields(error));
        return end(store, sessionId, "refresh refused");
      }
      // The server is briefly away: keep the session and the unused refresh
      // token, and carry on with the access token while it lasts.
      if (stillValid) return { accessToken: latest.tokens.accessToken, session: latest };
      throw error;
    }
    const updated: StoredSession = { ...latest, tokens };
    // Signed out while the refresh was out: the new tokens are dropped, the session stays ended.
    if (!(await store.updateSession(sessionId, updated, deps.idleTimeoutSeconds))) {
      throw new PortalError("session_ended", { reason: "signed out during refresh" });
    }
    return { accessToken: tokens.accessToken, session: updated };
  });
}
