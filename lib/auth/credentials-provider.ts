import "server-only";
import { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { after } from "next/server";
import { PortalError, toPortalError } from "@/lib/browser-safe/errors";
import { getEnv } from "@/lib/env";
import { errorFields, log } from "@/lib/log";
import { stateStore } from "@/lib/state/configured-state-store";
import { attemptSource } from "./attempt-source";
import { credentialsSchema } from "./credentials-schema";
import { openSession } from "./sign-in";

// Signing in with a PIN or a user name and password, as an Auth.js
// Credentials provider (auth.ts). The sign-in route calls Auth.js's signIn()
// with the form's fields (form-sign-in.ts); `authorize` checks them with the
// print server as one counted attempt (failed-sign-ins.ts) and opens the
// server-side session whose id Auth.js then seals into the session cookie.

/** The Auth.js provider id of PIN and password sign-in. */
export const credentialsProviderId = "pin-or-password";

/** Carries the portal's refusal (wrong credentials, a limit, the print server away) out of `authorize` to the route. */
export class SignInRefused extends CredentialsSignin {
  readonly portalError: PortalError;
  constructor(portalError: PortalError) {
    super(portalError.code);
    this.portalError = portalError;
    this.code = portalError.code;
  }
}

export const credentialsProvider = Credentials({
  id: credentialsProviderId,
  credentials: { method: {}, pin: {}, username: {}, password: {} },
  authorize: async (raw, request) => {
    // The route checked the fields already; this is Auth.js's own boundary.
    const parsed = credentialsSchema.safeParse(raw);
    if (!parsed.success) throw new SignInRefused(new PortalError("bad_request", { reason: "credentials shape" }));
    const credentials = parsed.data;
    const env = getEnv();
    const source = attemptSource(request.headers);
    try {
      const signedIn = await openSession(credentials, source, {
        store: stateStore(),
        idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT,
        maxLifetimeSeconds: env.SESSION_MAX_LIFETIME,
        pinFailureCeiling: env.PORTAL_PIN_FAILURE_CEILING,
      });
      // The person waits for the answer, not for the log line.
      after(() => log.info("signed in", { method: credentials.method, userId: signedIn.userId }));
      return { id: signedIn.sessionId, name: signedIn.fullName, username: signedIn.username };
    } catch (error) {
      const refusal = toPortalError(error);
      after(() =>
        log.info("sign-in refused", {
          method: credentials.method,
          addressKnown: source.address !== undefined,
          browserKnown: source.browser !== undefined,
          ...errorFields(refusal),
        }),
      );
      throw new SignInRefused(refusal);
    }
  },
});
