import "server-only";
import type { NextRequest } from "next/server";
import { PortalError, toPortalError } from "@/lib/browser-safe/errors";
import { safeCallbackPath } from "@/lib/browser-safe/sign-in-path";
import { signIn } from "./auth";
import { credentialsProviderId, SignInRefused } from "./credentials-provider";
import { credentialsSchema, isCredentialsProblem, type SignInCredentials } from "./credentials-schema";
import { replacePreviousSession } from "./replace-session";
import type { SignInFailure } from "./sign-in-failure";

// One post of the sign-in form (app/api/auth/sign-in/route.ts): its fields
// checked, the credentials handed to Auth.js's signIn() (whose provider tries
// them as one counted attempt and sets the session cookie on the answer), and
// the session that opens replacing this browser's previous one.

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
      ? { method, pin: field("pin") }
      : { method, username: field("username"), password: field("password") },
  );
  if (!parsed.success) {
    // The schema's messages are catalogue keys (credentials-schema.ts).
    const problems = parsed.error.issues.map((issue) => issue.message).filter(isCredentialsProblem);
    return { location, failure: { method, problems } };
  }
  try {
    const attempt = {
      method: parsed.data.method,
      username: "username" in parsed.data ? parsed.data.username : undefined,
    };
    await replacePreviousSession(request, () => signInWithAuthJs(parsed.data, location), attempt);
    return { location };
  } catch (error) {
    // A refusal (wrong PIN, locked, server away) was logged where it happened.
    const refusal = error instanceof SignInRefused ? error.portalError : toPortalError(error);
    return { location, failure: { method, error: refusal } };
  }
}

/**
 * Auth.js's signIn() for the credentials, without its redirect. It answers
 * where Auth.js would send the browser: `location` once the session cookie is
 * set, its error page otherwise (a refusal itself is thrown as SignInRefused).
 */
async function signInWithAuthJs(credentials: SignInCredentials, location: string): Promise<void> {
  const landing = new URL(
    await signIn(credentialsProviderId, { ...credentials, redirectTo: location, redirect: false }),
  );
  if (`${landing.pathname}${landing.search}${landing.hash}` !== location) {
    throw new PortalError("internal", { reason: "Auth.js signed nobody in" });
  }
}
