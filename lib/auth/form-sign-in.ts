import "server-only";
import type { NextRequest } from "next/server";
import { toPortalError } from "@/lib/browser-safe/errors";
import { safeCallbackPath } from "@/lib/browser-safe/sign-in-path";
import { signInWithCredentials } from "./credentials-sign-in";
import { credentialsSchema, isCredentialsProblem } from "./credentials-schema";
import { replacePreviousSession } from "./replace-session";
import type { SessionCookie } from "./session-cookie";
import type { SignInFailure } from "./sign-in-failure";

// One post of the sign-in form (app/api/auth/sign-in/route.ts): its fields
// checked, the credentials tried as one counted attempt, and the session
// that opens replacing this browser's previous one.

export type SignInOutcome =
  /** Signed in; `location` is the page to go on to (same-site only), `cookie` the session's, for the answer. */
  | { location: string; cookie: SessionCookie; failure?: undefined }
  | { location: string; failure: SignInFailure; cookie?: undefined };

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
  const credentials = parsed.data;
  try {
    const cookie = await replacePreviousSession(request, () => signInWithCredentials(credentials, request));
    return { location, cookie };
  } catch (error) {
    // A refusal (wrong PIN, locked, server away) is a PortalError, logged where it happened.
    return { location, failure: { method, error: toPortalError(error) } };
  }
}
