import { NextResponse, type NextRequest } from "next/server";
import { cookieRenewalFor, sessionClaimsOf } from "@/lib/auth/session-cookie";
import { browserIdCookie, browserIdMaxAgeSeconds, isBrowserId, newBrowserId } from "@/lib/auth/attempt-source";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { signInPath } from "@/lib/browser-safe/sign-in-path";
import { isEmbedPath, withEmbed } from "@/lib/browser-safe/embed-mode";
import { frameAncestorsDirective } from "@/lib/embedding/frame-ancestors";
import { getEnv } from "@/lib/env";
import { refuseCrossSite } from "@/lib/http/cross-site";
import { refuseLargeBody } from "@/lib/http/large-body";
import { requestPathHeader } from "@/lib/request-path";

// Runs before every page request (API requests do not pass here: the route
// wrapper, lib/http/route.ts, does for them what they need). Refuses
// state-changing requests (server actions, form posts) from other sites and
// larger bodies than the portal takes, adds a per-request CSP nonce (with the
// intranet origins allowed to frame the portal), tells layouts the requested
// path, sends visitors without a session cookie that Auth.js's decode() opens
// to sign-in (keeping the framed layout), and renews the session cookie when
// its idle timer is due (at most once a minute: lib/auth/session-cookie.ts).
// It does not read the state store: the page's own lookup
// (lib/auth/current-session.ts) is the request's one read, and sends an ended
// session to sign-in itself.

function contentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The proof-of-work challenge solves in workers bundled with the portal (components/challenge/).
    "worker-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestorsDirective(getEnv().PORTAL_FRAME_ANCESTORS),
  ].join("; ");
}

/**
 * A page's pass: a fresh CSP nonce, for the page (x-nonce) and the browser,
 * and the requested path for layouts.
 */
function pageResponse(request: NextRequest, path: string): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.set(requestPathHeader, path);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export async function proxy(request: NextRequest) {
  const refusal = refuseLargeBody(request) ?? refuseCrossSite(request, getEnv().PORTAL_URL);
  if (refusal) return refusal;
  const { pathname, search } = request.nextUrl;
  const path = `${pathname}${search}`;
  const session = await sessionClaimsOf(request.cookies);

  if (pathname !== "/sign-in" && !session) {
    return NextResponse.redirect(new URL(withEmbed(signInPath(path), isEmbedPath(path)), request.nextUrl));
  }

  const response = pageResponse(request, path);
  const renewed = await cookieRenewalFor(session);
  if (renewed) response.cookies.set(renewed.name, renewed.value, renewed.options);
  // Sign-in limits count per browser (lib/auth/attempt-source.ts).
  if (pathname === "/sign-in" && !isBrowserId(request.cookies.get(browserIdCookie)?.value)) {
    response.cookies.set(browserIdCookie, newBrowserId(), preferenceCookieOptions(browserIdMaxAgeSeconds));
  }
  return response;
}

// Every page request passes here, prefetches included: a header a client can
// set (`Purpose: prefetch`, `Next-Router-Prefetch`) must not skip the
// cross-site refusal or the page's CSP. Static files and the API do not.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|api/).*)"],
};
