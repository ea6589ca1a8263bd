import "server-only";
import { signOut } from "@/lib/auth/auth";
import { currentSession } from "@/lib/auth/current-session";
import { stateStore } from "@/lib/state/configured-state-store";
import { errorFields, log } from "@/lib/log";

/**
 * Ends this browser's session at once: the stored tokens are forgotten and
 * the cookie cleared. With the state store out, the cookie is cleared all the
 * same (someone signing out at a shared computer must be signed out there);
 * the stored session then ends at its idle timeout, and nobody holds its
 * cookie any more.
 */
export async function signOutHere(): Promise<void> {
  try {
    const state = await currentSession();
    if (state.status === "active") {
      await stateStore().deleteSession(state.sessionId);
      log.info("signed out");
    }
  } catch (error) {
    log.warn("signed out without forgetting the stored session", errorFields(error));
  }
  await signOut({ redirect: false });
}
