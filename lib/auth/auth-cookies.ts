import "server-only";
import type { NextAuthConfig } from "next-auth";
import { cookiePolicy } from "@/lib/embedding/cookie-policy";
import { sessionTokenCookie } from "./session-cookie";

// Auth.js's `cookies` option. Auth.js names and flags its cookies from the
// portal URL alone (Lax, Secure over HTTPS). The session cookie's name and
// attributes come from session-cookie.ts, which opens and renews it with
// Auth.js's decode() and encode() under the same name. When intranet pages may
// frame the portal, the session cookie and Auth.js's CSRF and callback-url
// cookies must also reach the portal inside another site's frame: the same
// names, with the attributes of cookie-policy.ts (SameSite=None, Partitioned).

export function authCookies(portalUrl: string): NextAuthConfig["cookies"] {
  const sessionToken = sessionTokenCookie(portalUrl);
  if (cookiePolicy().sameSite === "lax") return { sessionToken };
  const https = new URL(portalUrl).protocol === "https:";
  return {
    sessionToken,
    callbackUrl: { name: `${https ? "__Secure-" : ""}authjs.callback-url`, options: sessionToken.options },
    csrfToken: { name: `${https ? "__Host-" : ""}authjs.csrf-token`, options: sessionToken.options },
  };
}
