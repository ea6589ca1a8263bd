import "server-only";
import { signOut } from "@/lib/auth/auth";
import { currentSession } from "@/lib/auth/current-session";
import { revokeRefreshToken } from "@/lib/print-server/token-endpoint";
import { stateStore } from "@/lib/state/configured-state-store";
import { errorFields, log } from "@/lib/log";

/**
 * Ends this browser's session at once: the stored tokens are forgotten, the
 * refresh token is revoked at the print server, and the cookie cleared. With
 * the state store out, the cookie is cleared all the same (someone signing out
 * at a shared computer must be signed out there); the stored session then
 * ends at its idle timeout, and nobody holds its cookie any more.
 */
export async function signOutHere(): Promise<void> {
  try {
    const state = await currentSession();
    if (state.status === "active") {
      await stateStore().deleteSession(state.sessionId, state.session.userId);
      log.info("signed out");
      const refreshToken = state.session.tokens.refreshToken;
      if (refreshToken) await revokeAtPrintServer(refreshToken);
    }
  } catch (error) {
    log.warn("signed out without forgetting the stored session", errorFields(error));
  }
  await signOut({ redirect: false });
}

/** Revokes the session's refresh chain; a server without revocation, or one that fails, leaves it to run out. */
async function revokeAtPrintServer(refreshToken: string): Promise<void> {
  try {
    const revoked = await revokeRefreshToken(refreshToken);
    if (!revoked) log.info("refresh token not revoked: the print server offers no revocation");
  } catch (error) {
    log.warn("refresh token not revoked at sign-out", errorFields(error));
  }
}
