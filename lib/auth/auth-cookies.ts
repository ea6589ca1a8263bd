import "server-only";
import type { NextAuthConfig } from "next-auth";
import { cookiePolicy } from "@/lib/embedding/cookie-policy";

// Auth.js names and flags its cookies from the portal URL alone (Lax, Secure
// over HTTPS). When intranet pages may frame the portal, the session cookie
// (and Auth.js's CSRF and callback cookies, should a flow ever set them) must
// also reach the portal inside another site's frame: the same names, with the
// attributes of cookie-policy.ts.

export function authCookies(portalUrl: string): NextAuthConfig["cookies"] {
  const policy = cookiePolicy();
  if (policy.sameSite === "lax") return undefined;
  const https = new URL(portalUrl).protocol === "https:";
  const options = { httpOnly: true, path: "/", ...policy };
  return {
    sessionToken: { name: `${https ? "__Secure-" : ""}authjs.session-token`, options },
    callbackUrl: { name: `${https ? "__Secure-" : ""}authjs.callback-url`, options },
    csrfToken: { name: `${https ? "__Host-" : ""}authjs.csrf-token`, options },
  };
}
