import "server-only";
import type { NextAuthConfig } from "next-auth";
import { hostCookieName } from "./host-cookie";
import { sessionTokenCookie } from "./session-cookie";

// Auth.js's `cookies` option: every cookie Auth.js may set, under the names
// of host-cookie.ts (`__Host-` over HTTPS, where Auth.js itself would give
// some only `__Secure-`) and the attributes of cookie-policy.ts (SameSite=None
// and Partitioned when intranet pages may frame the portal, so they reach it
// inside another site's frame). The session cookie's name and attributes come
// from session-cookie.ts, which opens and renews it with Auth.js's decode()
// and encode() under the same name.

/** What Auth.js gives its short-lived sign-in cookies (PKCE, state, nonce): 15 minutes. */
const flowCookieSeconds = 15 * 60;

export function authCookies(portalUrl: string): NextAuthConfig["cookies"] {
  const sessionToken = sessionTokenCookie(portalUrl);
  const named = (name: string, maxAge?: number) => ({
    name: hostCookieName(name, portalUrl),
    options: maxAge === undefined ? sessionToken.options : { ...sessionToken.options, maxAge },
  });
  return {
    sessionToken,
    callbackUrl: named("authjs.callback-url"),
    csrfToken: named("authjs.csrf-token"),
    pkceCodeVerifier: named("authjs.pkce.code_verifier", flowCookieSeconds),
    state: named("authjs.state", flowCookieSeconds),
    nonce: named("authjs.nonce", flowCookieSeconds),
  };
}
