import "server-only";
import { stateStore } from "@/lib/state/configured-state-store";
import { sessionIdOfRequest } from "./current-session";

/**
 * Signing in again replaces the session this browser had: once the new one
 * is open, the old one is deleted from the store, so its tokens are
 * forgotten and a copy of the old cookie opens nothing.
 */
export async function replacePreviousSession<T>(signInNow: () => Promise<T>): Promise<T> {
  const previous = await sessionIdOfRequest();
  const result = await signInNow();
  if (previous) await stateStore().deleteSession(previous);
  return result;
}
