import "server-only";
import type { NextRequest } from "next/server";
import { noteRefusedSignIn, noteSignedIn, type AttemptStart } from "@/lib/devices/note-sign-in";
import { stateStore } from "@/lib/state/configured-state-store";
import { sessionClaimsOf } from "./session-cookie";

/**
 * Signing in again replaces the session this browser had: once the new one
 * is open, the old one is deleted from the store, so its tokens are
 * forgotten and a copy of the old cookie opens nothing. The old session is
 * the one `request`'s session cookie names. The outcome goes to the person's
 * "Devices and sign-ins" page (lib/devices/note-sign-in.ts).
 */
export async function replacePreviousSession<T>(
  request: NextRequest,
  signInNow: () => Promise<T>,
  attempt: AttemptStart,
): Promise<T> {
  const previous = (await sessionClaimsOf(request.cookies))?.sid;
  let result: T;
  try {
    result = await signInNow();
  } catch (error) {
    await noteRefusedSignIn(request.headers, attempt, error);
    throw error;
  }
  if (previous) await stateStore().deleteSession(previous);
  await noteSignedIn(request.headers, attempt);
  return result;
}
