import "server-only";
import { createHmac } from "node:crypto";

// A session id opens the session: it never goes to a browser as such. The
// "Devices and sign-ins" page names each session by a keyed hash of its id,
// which the server turns back into the session by hashing the ids of the
// person's own sessions: a handle of another person's session finds nothing.

/** The opaque name of a session for its person's browser (22 characters of base64url). */
export function sessionHandleOf(sessionId: string, secret: string): string {
  return createHmac("sha256", secret).update(`session-handle:${sessionId}`).digest("base64url").slice(0, 22);
}
