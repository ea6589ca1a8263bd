import { NextResponse, type NextRequest } from "next/server";
import { readSessionCookie, renewalDue, renewedSessionCookie, sessionTokenCookie } from "@/lib/auth/session-cookie";
import { browserIdCookie, browserIdMaxAgeSeconds, isBrowserId, newBrowserId } from "@/lib/auth/attempt-source";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { signInPath } from "@/lib/browser-safe/sign-in-path";
import { isEmbedPath, withEmbed } from "@/lib/browser-safe/embed-mode";
import { frameAncestorsDirective } from "@/lib/embedding/frame-ancestors";
import { getEnv } from "@/lib/env";
import { refuseCrossSite } from "@/lib/http/cross-site";
import { refuseLargeBody } from "@/lib/http/large-body";
import { requestPathHeader } from "@/lib/request-path";

// Runs before every page and API request: refuses state-changing requests
// from other sites, adds a per-request CSP nonce (with the intranet origins
// allowed to frame the portal), tells layouts the requested path, and sends
// visitors without a session cookie to sign-in (keeping the framed layout),
// and restarts the session cookie's idle timer when it is due (at most once a
// minute: lib/auth/session-cookie.ts). It does not read the state store: the
// page's own lookup (lib/auth/current-session.ts) is the request's one read,
// and sends an ended session to sign-in itself. Route handlers check again
// through lib/http/route.ts, so no route depends on this proxy alone.

function contentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestorsDirective(getEnv().PORTAL_FRAME_ANCESTORS),
  ].join("; ");
}

function isPublic(pathname: string): boolean {
  return pathname === "/sign-in" || pathname.startsWith("/api/");
}

/**
 * A page's pass: a fresh CSP nonce, for the page (x-nonce) and the browser,
 * and the requested path for layouts. API answers need neither (their CSP is
 * fixed, next.config.ts), and passing changed request headers on costs
 * Next.js a copy and a merge on every call, so they go on untouched.
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
  const sessionCookie = sessionTokenCookie(getEnv().PORTAL_URL);
  // Decrypted once per cookie value and process; later requests find it remembered.
  const session = await readSessionCookie(request.cookies.get(sessionCookie.name)?.value);

  if (!isPublic(pathname) && !session) {
    return NextResponse.redirect(new URL(withEmbed(signInPath(path), isEmbedPath(path)), request.nextUrl));
  }

  const response = pathname.startsWith("/api/") ? NextResponse.next() : pageResponse(request, path);
  if (session && renewalDue(session)) {
    const renewed = await renewedSessionCookie(session);
    response.cookies.set(renewed.name, renewed.value, renewed.options);
  }
  // Sign-in limits count per browser (lib/auth/attempt-source.ts).
  if (pathname === "/sign-in" && !isBrowserId(request.cookies.get(browserIdCookie)?.value)) {
    response.cookies.set(browserIdCookie, newBrowserId(), preferenceCookieOptions(browserIdMaxAgeSeconds));
  }
  return response;
}

// Every request but static files passes here, prefetches included: a header a
// client can set (`Purpose: prefetch`, `Next-Router-Prefetch`) must not skip
// the cross-site refusal or the page's CSP.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|api/health).*)"],
};
