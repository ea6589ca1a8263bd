import "server-only";
import type { NextRequest } from "next/server";
import { challengeFieldName } from "@/lib/browser-safe/challenge";
import { PortalError, toPortalError } from "@/lib/browser-safe/errors";
import { safeCallbackPath } from "@/lib/browser-safe/sign-in-path";
import { getEnv } from "@/lib/env";
import { attemptSource } from "./attempt-source";
import { signIn } from "./auth";
import { credentialsProviderId, SignInRefused } from "./credentials-provider";
import { credentialsSchema, isCredentialsProblem, type SignInCredentials } from "./credentials-schema";
import { pinAloneAllowed } from "./pin-alone";
import { replacePreviousSession } from "./replace-session";
import { refusalReason, type SignInFailure } from "./sign-in-failure";
import { logSignIn, signInLogFields } from "./sign-in-log";

// One post of the sign-in form (app/api/auth/sign-in/route.ts): its fields
// checked, the credentials handed to Auth.js's signIn() (whose provider tries
// them as one counted attempt and sets the session cookie on the answer), and
// the session that opens replacing this browser's previous one. A PIN
// without a user name is refused here, before the print server hears of it,
// unless the browser is in PORTAL_PIN_ALONE_NETWORKS.

export type SignInOutcome =
  /** Signed in (the session cookie is set); `location` is the page to go on to (same-site only). */
  { location: string; failure?: undefined } | { location: string; failure: SignInFailure };

/** Signs in with the fields `request` posted; a refusal is answered, not thrown. */
export async function signInWithForm(fields: URLSearchParams, request: NextRequest): Promise<SignInOutcome> {
  const method = fields.get("method") === "password" ? "password" : "pin";
  const location = safeCallbackPath(fields.get("callbackUrl"));
  // A missing field reads as empty, so its refusal says what to enter.
  const field = (name: string) => fields.get(name) ?? "";
  const parsed = credentialsSchema.safeParse(
    method === "pin"
      ? { method, username: field("username"), pin: field("pin") }
      : { method, username: field("username"), password: field("password") },
  );
  if (!parsed.success) {
    // The schema's messages are catalogue keys (credentials-schema.ts).
    const problems = parsed.error.issues.map((issue) => issue.message).filter(isCredentialsProblem);
    const failure: SignInFailure = { method, problems, reason: "bad-fields" };
    return { location, failure };
  }
  const credentials = parsed.data;
  if (credentials.method === "pin" && !credentials.username) {
    const source = attemptSource(request.headers);
    if (!pinAloneAllowed(source.address, getEnv().PORTAL_PIN_ALONE_NETWORKS)) {
      logSignIn("sign-in refused", { method, ...signInLogFields(source, undefined), reason: "PIN without user name" });
      return { location, failure: { method, problems: ["enterUsername"], reason: "missing-name" } };
    }
  }
  const solution = fields.get(challengeFieldName) ?? undefined;
  try {
    await replacePreviousSession(request, () => signInWithAuthJs(credentials, solution, location));
    return { location };
  } catch (error) {
    // A refusal (wrong PIN, a challenge needed, server away) was logged where it happened.
    const refusal = error instanceof SignInRefused ? error.portalError : toPortalError(error);
    return { location, failure: { method, error: refusal, reason: refusalReason(refusal) } };
  }
}

/**
 * Auth.js's signIn() for the credentials, without its redirect. It answers
 * where Auth.js would send the browser: `location` once the session cookie is
 * set, its error page otherwise (a refusal itself is thrown as SignInRefused).
 */
async function signInWithAuthJs(
  credentials: SignInCredentials,
  solution: string | undefined,
  location: string,
): Promise<void> {
  const challenge = solution ? { [challengeFieldName]: solution } : {};
  const landing = new URL(
    await signIn(credentialsProviderId, { ...credentials, ...challenge, redirectTo: location, redirect: false }),
  );
  if (`${landing.pathname}${landing.search}${landing.hash}` !== location) {
    throw new PortalError("internal", { reason: "Auth.js signed nobody in" });
  }
}
