import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorFields, log } from "@/lib/log";
import { refreshDue, type TokenSet } from "@/lib/print-server/token-set";
import { processSingleton } from "@/lib/process-singletons";
import type { StateStore, StoredSession } from "@/lib/state/state-store";

// Hands out a session's access token, refreshing it shortly before it expires.
// The session was read once for this request (current-session.ts): a fresh
// token costs no further store access. Refresh tokens rotate and a reused one
// revokes the chain, so a session is refreshed once at a time, everywhere:
// - in this process, parallel requests join the refresh under way and share
//   its outcome (a failed one is not tried again by each of them in turn,
//   every try with a token the print server may already have retired);
// - across instances, the refresh runs under the session's lock in the state
//   store, and the session is read again after taking it: an instance that
//   waited uses the pair another one saved. The lock lives longer than the
//   refresh may take (lib/state/lock-lifetime.ts), so waiting for it is
//   waiting for the refresh.

export interface AccessTokenDeps {
  store: StateStore;
  refresh: (refreshToken: string) => Promise<TokenSet>;
  idleTimeoutSeconds: number;
  now?: () => number;
}

type Outcome = { accessToken: string; session: StoredSession };

// Refreshes under way per store and session: one per process, as Next.js
// loads route and page modules as separate bundles.
function refreshesOf(store: StateStore): Map<string, Promise<Outcome>> {
  const perStore = processSingleton(
    "refreshes-under-way",
    () => new WeakMap<StateStore, Map<string, Promise<Outcome>>>(),
  );
  let refreshes = perStore.get(store);
  if (!refreshes) {
    refreshes = new Map();
    perStore.set(store, refreshes);
  }
  return refreshes;
}

async function end(store: StateStore, sessionId: string, userId: number, reason: string): Promise<never> {
  await store.deleteSession(sessionId, userId);
  throw new PortalError("session_ended", { reason });
}

/** The access token of `session` (as read for this request), refreshed first when due. */
export async function accessTokenFor(
  sessionId: string,
  session: StoredSession,
  deps: AccessTokenDeps,
): Promise<Outcome> {
  const now = deps.now ?? Date.now;
  if (!refreshDue(session.tokens, now())) return { accessToken: session.tokens.accessToken, session };
  const refreshes = refreshesOf(deps.store);
  const underWay = refreshes.get(sessionId);
  if (underWay) return underWay;
  const refresh = refreshUnderLock(sessionId, deps).finally(() => refreshes.delete(sessionId));
  refreshes.set(sessionId, refresh);
  return refresh;
}

/** The lock a session's tokens change under: its refreshes, and a new PIN or password (lib/self-service/). */
export const tokensLock = (sessionId: string) => `refresh:${sessionId}`;

function refreshUnderLock(sessionId: string, deps: AccessTokenDeps): Promise<Outcome> {
  const now = deps.now ?? Date.now;
  const { store } = deps;
  return store.withLock(tokensLock(sessionId), async () => {
    const latest = (await store.readSession(sessionId))?.session;
    if (!latest) throw new PortalError("session_ended", { reason: "no session" });
    // Another instance may have refreshed while this one waited for the lock.
    if (!refreshDue(latest.tokens, now())) return { accessToken: latest.tokens.accessToken, session: latest };
    const stillValid = latest.tokens.expiresAt > now();
    if (!latest.tokens.refreshToken) {
      // Without offline.access the session lasts as long as its access token.
      if (stillValid) return { accessToken: latest.tokens.accessToken, session: latest };
      return end(store, sessionId, latest.userId, "access token expired, no refresh token");
    }
    let tokens: TokenSet;
    try {
      tokens = await deps.refresh(latest.tokens.refreshToken);
    } catch (error) {
      const portalError = error instanceof PortalError ? error : undefined;
      if (portalError?.code === "session_ended" || portalError?.code === "internal") {
        log.warn("session refresh refused", errorFields(error));
        return end(store, sessionId, latest.userId, "refresh refused");
      }
      // The server is briefly away: keep the session and the unused refresh
      // token, and carry on with the access token while it lasts.
      log.warn("session refresh failed, kept for the next request", errorFields(error));
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
