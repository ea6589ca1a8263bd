import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { withEmbed, isEmbedPath } from "@/lib/browser-safe/embed-mode";
import { PortalError } from "@/lib/browser-safe/errors";
import { signInPath, unavailableReason } from "@/lib/browser-safe/sign-in-path";
import { getEnv } from "@/lib/env";
import { refreshUserTokens } from "@/lib/print-server/token-endpoint";
import { stateStore } from "@/lib/state/configured-state-store";
import type { StateStore, StoredSession } from "@/lib/state/state-store";
import { accessTokenFor } from "./access-token";
import { restartDue } from "./idle-timer";
import { signedOutWhileStoreOut } from "./pending-sign-outs";
import { sessionClaimsOf, type SessionClaims } from "./session-cookie";

// Who is signed in, for the request being served. Layouts, pages, metadata
// and the language all ask currentSession(), which React's cache() makes one
// lookup per request: one read of the state store, and the idle timer
// restarted only when its last restart is a minute old (not a write on every
// request). Route handlers get the same through the route wrapper
// (lib/http/route.ts), which asks once and passes the answer on.

export type ActiveSession = {
  status: "active";
  sessionId: string;
  session: StoredSession;
  /** When its idle timeout ends, as of this request (after the timer's restart, if it was due). */
  expiresAt: number;
  /** The claims of the cookie it was found by (for the cookie's own renewal). */
  cookie?: SessionClaims;
};
export type SessionState = { status: "none" } | { status: "ended" } | ActiveSession;

/** What pages and route handlers may know of the person (no tokens). */
export interface SessionUser {
  userId: number;
  username: string;
  fullName: string;
}

export interface LookupDeps {
  store: StateStore;
  idleTimeoutSeconds: number;
  /** The absolute lifetime (SESSION_MAX_LIFETIME): however active, a session ends this long after sign-in. */
  maxLifetimeSeconds?: number;
  now?: () => number;
}

/** The session behind a cookie's session id: one store read, a throttled touch. */
export async function lookUpSession(sessionId: string | undefined, deps: LookupDeps): Promise<SessionState> {
  if (!sessionId) return { status: "none" };
  const live = await deps.store.readSession(sessionId);
  if (!live) return { status: "ended" };
  const now = (deps.now ?? Date.now)();
  if (deps.maxLifetimeSeconds !== undefined && now >= live.session.createdAt + deps.maxLifetimeSeconds * 1000) {
    await deps.store.deleteSession(sessionId, live.session.userId);
    return { status: "ended" };
  }
  if (restartDue(live.expiresAt, deps.idleTimeoutSeconds, now)) {
    await deps.store.touchSession(sessionId, deps.idleTimeoutSeconds);
    return { status: "active", sessionId, session: live.session, expiresAt: now + deps.idleTimeoutSeconds * 1000 };
  }
  return { status: "active", sessionId, session: live.session, expiresAt: live.expiresAt };
}

/** The claims of this request's session cookie, if it carries one this portal sealed (no store read). */
export async function sessionClaimsOfRequest(): Promise<SessionClaims | undefined> {
  return sessionClaimsOf(await cookies());
}

/** The session id in this request's session cookie (no store read). */
export async function sessionIdOfRequest(): Promise<string | undefined> {
  return (await sessionClaimsOfRequest())?.sid;
}

/** This request's session (one lookup per request), with the cookie's claims when it is active. */
export const currentSession = cache(async (): Promise<SessionState> => {
  const claims = await sessionClaimsOfRequest();
  // Signed out here while the state store was out: ended, though the store may still hold it.
  if (signedOutWhileStoreOut(claims?.sid)) return { status: "ended" };
  const env = getEnv();
  const state = await lookUpSession(claims?.sid, {
    store: stateStore(),
    idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT,
    maxLifetimeSeconds: env.SESSION_MAX_LIFETIME,
  });
  return state.status === "active" ? { ...state, cookie: claims } : state;
});

function tokenDeps() {
  return { store: stateStore(), refresh: refreshUserTokens, idleTimeoutSeconds: getEnv().SESSION_IDLE_TIMEOUT };
}

/** The session's access token (and the session it came from), refreshed first when due; once per request and session. */
const accessToken = cache((active: ActiveSession) => accessTokenFor(active.sessionId, active.session, tokenDeps()));

/**
 * Runs a print server call with the person's token. A 401 from the print
 * server means the token was revoked: the session ends at once. Unless the
 * token expired on its way (a request slowed down by load took longer than
 * the refresh margin) and `call` only reads (`safeToRepeat`): then it is made
 * once more with a fresh token. A call that changes something is not
 * repeated (an earlier step of it may have been done): it answers "try
 * again", and the session stays.
 */
export async function withUserToken<T>(
  active: ActiveSession,
  call: (accessToken: string) => Promise<T>,
  { safeToRepeat = false }: { safeToRepeat?: boolean } = {},
): Promise<T> {
  const used = await accessToken(active);
  try {
    return await call(used.accessToken);
  } catch (error) {
    if (!(error instanceof PortalError && error.code === "session_ended")) throw error;
    if (used.session.tokens.expiresAt <= Date.now()) {
      const latest = await stateStore().readSession(active.sessionId);
      if (latest && safeToRepeat) return withFreshToken(active.sessionId, latest.session, call);
      // Not a revocation: the session stays, and the person tries again.
      if (latest) throw new PortalError("unreachable", { reason: "token expired on its way", cause: error });
    }
    await stateStore().deleteSession(active.sessionId, active.session.userId);
    throw error;
  }
}

/** The one more try: a refusal now is a revocation. */
async function withFreshToken<T>(sessionId: string, session: StoredSession, call: (accessToken: string) => Promise<T>) {
  const fresh = await accessTokenFor(sessionId, session, tokenDeps());
  try {
    return await call(fresh.accessToken);
  } catch (error) {
    if (error instanceof PortalError && error.code === "session_ended")
      await stateStore().deleteSession(sessionId, session.userId);
    throw error;
  }
}

/** The state store could not be reached (lib/state/redis-state-store.ts). */
export function isStoreOutage(error: unknown): boolean {
  return error instanceof PortalError && error.code === "unavailable";
}

export function sessionUser(session: StoredSession): SessionUser {
  return { userId: session.userId, username: session.username, fullName: session.fullName };
}

/**
 * For layouts and pages: the signed-in person, or a redirect to sign-in that
 * comes back to `path` (framed if the page was). The access token is
 * refreshed here when due, so a session whose refresh is refused ends on the
 * next page, not on some later data call; an outage is left to the page's
 * own data areas to report.
 */
export async function requireUser(path: string): Promise<SessionUser> {
  const toSignIn = (reason: boolean | typeof unavailableReason) =>
    redirect(withEmbed(signInPath(path, reason), isEmbedPath(path)));
  // The state store (Redis) out: the sign-in page says to try again in a
  // moment, and sends the person back here once it answers (the session is kept).
  const state = await currentSession().catch((error: unknown) => {
    if (isStoreOutage(error)) return toSignIn(unavailableReason);
    throw error;
  });
  if (state.status !== "active") return toSignIn(state.status === "ended");
  const ended = await accessToken(state).then(
    () => false,
    (error: unknown) => error instanceof PortalError && error.code === "session_ended",
  );
  if (ended) return toSignIn(true);
  return sessionUser(state.session);
}
