import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { httpStatusOf, type PortalError } from "@/lib/browser-safe/errors";
import { localeCookieName } from "@/lib/browser-safe/locales";
import { errorSentence } from "@/lib/i18n/error-sentence";
import { resolveLocale } from "@/lib/i18n/resolve-locale";
import { portalCookieName } from "@/lib/auth/host-cookie";

/**
 * How proxy.ts refuses a page request (a form post, a server action) before
 * any page sees it: a plain sentence. (API requests do not pass proxy.ts;
 * the route wrapper refuses them with the API's JSON error.) No session
 * lookup here: the person's own choice or their browser decides the language.
 */
export function proxyRefusal(request: NextRequest, error: PortalError): NextResponse {
  const locale = resolveLocale({
    chosen: request.cookies.get(portalCookieName(localeCookieName))?.value,
    acceptLanguage: request.headers.get("accept-language"),
  });
  return new NextResponse(errorSentence(error, locale), {
    status: httpStatusOf[error.code],
    headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" },
  });
}
