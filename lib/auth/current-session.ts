import "server-only";
import { redirect } from "next/navigation";
import { getEnv } from "@/lib/env";
import { PortalError } from "@/lib/browser-safe/errors";
import { refreshUserTokens } from "@/lib/print-server/token-endpoint";
import { accessTokenFor } from "./access-token";
import { auth } from "./auth";
import { sessionStore, type StoredSession } from "./session-store";
import { signInPath } from "@/lib/browser-safe/sign-in-path";

// Every page and route handler asks here; the proxy's redirect is only a
// convenience in front of it.

export type SessionState =
  { status: "none" } | { status: "ended" } | { status: "active"; sessionId: string; session: StoredSession };

export async function currentSession(): Promise<SessionState> {
  const cookieSession = await auth();
  if (!cookieSession?.sessionId) return { status: "none" };
  const store = sessionStore();
  const session = await store.get(cookieSession.sessionId);
  if (!session) return { status: "ended" };
  await store.touch(cookieSession.sessionId, getEnv().SESSION_IDLE_TIMEOUT);
  return { status: "active", sessionId: cookieSession.sessionId, session };
}

/**
 * For pages: the active session, or a redirect to sign-in that comes back to
 * `path`. The access token is refreshed here when due, so a session whose
 * refresh is refused ends on the next page, not on some later data call.
 */
export async function requireSession(path: string): Promise<{ sessionId: string; session: StoredSession }> {
  const state = await currentSession();
  if (state.status !== "active") redirect(signInPath(path, state.status === "ended"));
  let ended = false;
  try {
    await userAccessToken(state.sessionId);
  } catch (error) {
    // An outage is left to the page's own data areas to report.
    ended = error instanceof PortalError && error.code === "session_ended";
  }
  if (ended) redirect(signInPath(path, true));
  return state;
}

/** A valid access token for the session, refreshed once if it is about to expire. */
export async function userAccessToken(sessionId: string): Promise<string> {
  const { accessToken } = await accessTokenFor(sessionId, {
    store: sessionStore(),
    refresh: (refreshToken) => refreshUserTokens(refreshToken),
    idleTimeoutSeconds: getEnv().SESSION_IDLE_TIMEOUT,
  });
  return accessToken;
}

/**
 * Runs an upstream call with the session's token. A 401 from the print server
 * means the token was revoked: the session ends at once.
 */
export async function withUserToken<T>(sessionId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
  const accessToken = await userAccessToken(sessionId);
  try {
    return await call(accessToken);
  } catch (error) {
    if (error instanceof PortalError && error.code === "session_ended") await sessionStore().delete(sessionId);
    throw error;
  }
}
