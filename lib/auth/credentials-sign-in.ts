import "server-only";
import { after } from "next/server";
import { toPortalError } from "@/lib/browser-safe/errors";
import { getEnv } from "@/lib/env";
import { log, errorFields } from "@/lib/log";
import { stateStore } from "@/lib/state/configured-state-store";
import { attemptSource } from "./attempt-source";
import type { SignInCredentials } from "./credentials-schema";
import { renewedSessionCookie, type SessionCookie } from "./session-cookie";
import { openSession } from "./sign-in";

// Signing in with a PIN or a user name and password, from the sign-in form's
// route (app/api/auth/sign-in, form-sign-in.ts). The session cookie is sealed
// here, in Auth.js's format (session-cookie.ts, session-seal.ts), as proxy.ts
// renews it: Auth.js's signIn() would build an internal request, run its whole
// pipeline (CSRF and callback cookies included, of no use to a route that
// refuses other sites' posts itself) and encrypt the same cookie, several ms
// per sign-in (issue 14).
// The checks are those Auth.js ran `authorize` for: the credentials are
// checked by the print server as one counted attempt (failed-sign-ins.ts),
// and the session is new (the caller replaces the previous one).
// What the request says is read from the request itself and the cookie is
// handed back for the route to set on its answer: next/headers' headers()
// and cookies() each cost a route handler a few dozen microseconds of
// Next.js's request-store machinery per call (issue 14).

/**
 * Checks the credentials and, when they open a session, answers the session
 * cookie for the caller to set on its answer; a refusal throws its PortalError.
 */
export async function signInWithCredentials(credentials: SignInCredentials, request: Request): Promise<SessionCookie> {
  const env = getEnv();
  const source = attemptSource(request.headers);
  let signedIn;
  try {
    signedIn = await openSession(credentials, source, {
      store: stateStore(),
      idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT,
      pinFailureCeiling: env.PORTAL_PIN_FAILURE_CEILING,
    });
  } catch (error) {
    const refusal = toPortalError(error);
    const fields = {
      method: credentials.method,
      addressKnown: source.address !== undefined,
      browserKnown: source.browser !== undefined,
      ...errorFields(refusal),
    };
    after(() => log.info("sign-in refused", fields));
    throw refusal;
  }
  after(() => log.info("signed in", { method: credentials.method, userId: signedIn.userId }));
  return renewedSessionCookie({ sid: signedIn.sessionId, name: signedIn.fullName, username: signedIn.username });
}
