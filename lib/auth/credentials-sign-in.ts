import "server-only";
import { cookies, headers } from "next/headers";
import { after } from "next/server";
import { toPortalError } from "@/lib/browser-safe/errors";
import { getEnv } from "@/lib/env";
import { log, errorFields } from "@/lib/log";
import { stateStore } from "@/lib/state/configured-state-store";
import { attemptSource } from "./attempt-source";
import type { SignInCredentials } from "./credentials-schema";
import { renewedSessionCookie } from "./session-cookie";
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

/** Checks the credentials and, when they open a session, sets its cookie; a refusal throws its PortalError. */
export async function signInWithCredentials(credentials: SignInCredentials): Promise<void> {
  const env = getEnv();
  const source = attemptSource(await headers());
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
  // Written once the answer is out: a log line is a write to a pipe that can
  // wait for its reader, which the person signing in need not (issue 14).
  const { userId } = signedIn;
  after(() => log.info("signed in", { method: credentials.method, userId }));
  const cookie = await renewedSessionCookie({
    sid: signedIn.sessionId,
    name: signedIn.fullName,
    username: signedIn.username,
  });
  (await cookies()).set(cookie.name, cookie.value, cookie.options);
}
