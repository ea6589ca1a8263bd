import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { createTranslator } from "next-intl";
import { localeCookieName } from "@/lib/browser-safe/locales";
import { catalogues } from "@/lib/i18n/messages";
import { resolveLocale } from "@/lib/i18n/resolve-locale";

// A state-changing request must come from the portal's own pages, framed in
// an intranet page or not (inside a frame the portal's own requests are still
// same-origin). Browsers send Sec-Fetch-Site (and Origin on POST), so a page
// on another site cannot make a signed-in person sign out, switch language or
// start reports. Non-browser callers send neither and still need the session
// cookie. proxy.ts applies this to every request, API and server action alike.

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin";
  const origin = headers.get("origin");
  if (origin === null) return false;
  return !allowedOrigins.includes(origin);
}

/** A 403 for a state-changing request from another site; undefined when it may go on. */
export function refuseCrossSite(request: NextRequest, portalUrl: string): NextResponse | undefined {
  if (safeMethods.has(request.method)) return undefined;
  if (!isCrossSiteRequest(request.headers, [new URL(portalUrl).origin, request.nextUrl.origin])) return undefined;
  // No session lookup here: the person's own choice or their browser decides the language.
  const locale = resolveLocale({
    chosen: request.cookies.get(localeCookieName)?.value,
    acceptLanguage: request.headers.get("accept-language"),
  });
  const message = createTranslator({ locale, messages: catalogues[locale], namespace: "errors" })("crossSite");
  const headers = { "cache-control": "no-store" };
  return request.nextUrl.pathname.startsWith("/api/")
    ? NextResponse.json({ error: "forbidden", message }, { status: 403, headers })
    : new NextResponse(message, { status: 403, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
}
