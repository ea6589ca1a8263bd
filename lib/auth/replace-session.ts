import "server-only";
import type { NextRequest } from "next/server";
import { stateStore } from "@/lib/state/configured-state-store";
import { sessionClaimsOf } from "./session-cookie";

/**
 * Signing in again replaces the session this browser had: once the new one
 * is open, the old one is deleted from the store, so its tokens are
 * forgotten and a copy of the old cookie opens nothing. The old session is
 * the one `request`'s session cookie names.
 */
export async function replacePreviousSession<T>(request: NextRequest, signInNow: () => Promise<T>): Promise<T> {
  const previous = (await sessionClaimsOf(request.cookies))?.sid;
  const result = await signInNow();
  if (previous) await stateStore().deleteSession(previous);
  return result;
}
