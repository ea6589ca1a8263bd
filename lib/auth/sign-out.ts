import "server-only";
import { signOut } from "@/lib/auth/auth";
import { currentSession, isStoreOutage, sessionIdOfRequest } from "@/lib/auth/current-session";
import { revokeRefreshToken } from "@/lib/print-server/token-endpoint";
import { stateStore } from "@/lib/state/configured-state-store";
import type { StoredSession } from "@/lib/state/state-store";
import { errorFields, log } from "@/lib/log";
import { rememberSignOut } from "./pending-sign-outs";

/** How a sign-out went: "store-out" when the state store could not be reached (the browser is signed out all the same). */
export type SignOutOutcome = "signed-out" | "store-out";

/**
 * Ends this browser's session at once: the stored tokens are forgotten, the
 * refresh token is revoked at the print server, and the cookie cleared. With
 * the state store out, the cookie is cleared all the same (someone signing out
 * at a shared computer must be signed out there), and the session is ended in
 * the store as soon as it answers again (pending-sign-outs.ts): a copy of the
 * old cookie does not bring it back.
 */
export async function signOutHere(): Promise<SignOutOutcome> {
  let outcome: SignOutOutcome = "signed-out";
  try {
    const state = await currentSession();
    if (state.status === "active") {
      await stateStore().deleteSession(state.sessionId, state.session.userId);
      log.info("signed out");
      await revokeAtPrintServer(state.session);
    }
  } catch (error) {
    const sessionId = await sessionIdOfRequest().catch(() => undefined);
    if (sessionId) rememberSignOut(sessionId, { store: stateStore, revoke: revokeAtPrintServer });
    if (isStoreOutage(error)) outcome = "store-out";
    log.warn("signed out; the stored session ends once the state store answers", errorFields(error));
  }
  await signOut({ redirect: false });
  return outcome;
}

/** Revokes the session's refresh chain; a server without revocation, or one that fails, leaves it to run out. */
async function revokeAtPrintServer(session: StoredSession): Promise<void> {
  const refreshToken = session.tokens.refreshToken;
  if (!refreshToken) return;
  try {
    const revoked = await revokeRefreshToken(refreshToken);
    if (!revoked) log.info("refresh token not revoked: the print server offers no revocation");
  } catch (error) {
    log.warn("refresh token not revoked at sign-out", errorFields(error));
  }
}
