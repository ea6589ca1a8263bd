import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { currentSession } from "./current-session";

/** For route handlers: the active session, or a PortalError to answer with. */
export async function sessionForRoute() {
  const state = await currentSession();
  if (state.status === "none") throw new PortalError("unauthenticated");
  if (state.status === "ended") throw new PortalError("session_ended");
  return state;
}
