import "server-only";
import { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { after } from "next/server";
import { challengeFieldName } from "@/lib/browser-safe/challenge";
import { PortalError, toPortalError } from "@/lib/browser-safe/errors";
import { acceptSolution } from "@/lib/challenge/accept-solution";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { getEnv } from "@/lib/env";
import { errorFields } from "@/lib/log";
import { stateStore } from "@/lib/state/configured-state-store";
import { attemptSource, cookieValue } from "./attempt-source";
import { credentialsSchema } from "./credentials-schema";
import { portalCookieName } from "./host-cookie";
import {
  afterSignIn,
  deviceCookie,
  deviceFor,
  deviceMaxAgeSeconds,
  readDeviceCookie,
  writeDeviceCookie,
} from "./device-cookie";
import { nameHash } from "./person-name";
import { openSession } from "./sign-in";
import { logSignIn, signInLogFields } from "./sign-in-log";

// Signing in with a PIN or a user name and password, as an Auth.js
// Credentials provider (auth.ts). The sign-in route calls Auth.js's signIn()
// with the form's fields (form-sign-in.ts); `authorize` checks them with the
// print server as one counted attempt (failed-sign-ins.ts: per device, or per
// browser, address, person named and organisation, with a challenge past a
// limit) and opens the server-side session whose id Auth.js then seals into
// the session cookie; the browser's device cookie then names the person.

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
  credentials: { method: {}, pin: {}, username: {}, password: {}, [challengeFieldName]: {} },
  authorize: async (raw, request) => {
    // The route checked the fields already; this is Auth.js's own boundary.
    const parsed = credentialsSchema.safeParse(raw);
    if (!parsed.success) throw new SignInRefused(new PortalError("bad_request", { reason: "credentials shape" }));
    const credentials = parsed.data;
    const env = getEnv();
    const source = attemptSource(request.headers);
    const name = credentials.username || undefined;
    const person = name ? nameHash(name) : undefined;
    const device = readDeviceCookie(cookieValue(request.headers.get("cookie"), portalCookieName(deviceCookie)));
    const logFields = { method: credentials.method, ...signInLogFields(source, name) };
    const store = stateStore();
    const solution = (raw as Record<string, unknown>)[challengeFieldName];
    try {
      const signedIn = await openSession(credentials, source, {
        store,
        idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT,
        maxLifetimeSeconds: env.SESSION_MAX_LIFETIME,
        pinFailureCeiling: env.PORTAL_PIN_FAILURE_CEILING,
        person,
        device: deviceFor(device, person),
        challenge: () => acceptSolution(typeof solution === "string" ? solution : undefined, { store }),
        logFields,
      });
      const names = [nameHash(signedIn.username), ...(person ? [person] : [])];
      (await cookies()).set(
        portalCookieName(deviceCookie),
        writeDeviceCookie(afterSignIn(device, names)),
        preferenceCookieOptions(deviceMaxAgeSeconds),
      );
      // The person waits for the answer, not for the log line.
      after(() => logSignIn("signed in", { ...logFields, userId: signedIn.userId, knownDevice: device !== undefined }));
      return { id: signedIn.sessionId, name: signedIn.fullName, username: signedIn.username };
    } catch (error) {
      const refusal = toPortalError(error);
      after(() =>
        logSignIn("sign-in refused", {
          ...logFields,
          browserKnown: source.browser !== undefined,
          ...errorFields(refusal),
        }),
      );
      throw new SignInRefused(refusal);
    }
  },
});
