import "server-only";
import { NextResponse } from "next/server";
import { signInPath } from "@/lib/browser-safe/sign-in-path";
import { getEnv } from "@/lib/env";
import type { SignOnProblem } from "./single-sign-on";
import { signOnCookieMaxAge, signOnCookieName } from "./sign-on-cookie";

// The cookie and redirects the two single sign-on routes share
// (app/api/auth/sign-on and app/api/auth/callback/print-server).

/**
 * Lax, because the print server's redirect back is a top-level GET. Path=/
 * (though only the callback reads it): the `__Host-` prefix requires it.
 */
export function signOnCookieOptions(maxAge = signOnCookieMaxAge) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: new URL(getEnv().PORTAL_URL).protocol === "https:",
    path: "/",
    maxAge,
  };
}

/** Back to the portal's sign-in page with what went wrong, keeping the page first asked for. */
export function toSignInWith(problem: SignOnProblem, returnPath: string): NextResponse {
  const target = new URL(signInPath(returnPath), getEnv().PORTAL_URL);
  target.searchParams.set("signOnError", problem);
  return redirectNoStore(target);
}

export function redirectNoStore(target: URL | string): NextResponse {
  const response = NextResponse.redirect(target, 303);
  response.headers.set("cache-control", "no-store");
  return response;
}

export { signOnCookieName };
