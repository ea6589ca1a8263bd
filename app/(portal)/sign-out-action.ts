"use server";

import { auth, signOut } from "@/lib/auth/auth";
import { sessionStore } from "@/lib/auth/session-store";
import { log } from "@/lib/log";

/** Ends the session at once: the stored tokens are forgotten, the cookie cleared. */
export async function signOutAction(): Promise<void> {
  const session = await auth();
  if (session?.sessionId) {
    await sessionStore().delete(session.sessionId);
    log.info("signed out");
  }
  await signOut({ redirectTo: "/sign-in?signedOut=1" });
}
