"use server";

import { signOut } from "@/lib/auth/auth";
import { currentSession } from "@/lib/auth/current-session";
import { stateStore } from "@/lib/state/configured-state-store";
import { withEmbed } from "@/lib/browser-safe/embed-mode";
import { isEmbeddedRequest } from "@/lib/embedding/embedded-request";
import { log } from "@/lib/log";

/** Ends the session at once: the stored tokens are forgotten, the cookie cleared. */
export async function signOutAction(): Promise<void> {
  const state = await currentSession();
  if (state.status === "active") {
    await stateStore().deleteSession(state.sessionId);
    log.info("signed out");
  }
  // Signed out inside an intranet frame, the sign-in page stays framed too.
  await signOut({ redirectTo: withEmbed("/sign-in?signedOut=1", await isEmbeddedRequest()) });
}
