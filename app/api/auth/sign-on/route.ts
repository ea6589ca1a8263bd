import { PortalError } from "@/lib/browser-safe/errors";
import { safeCallbackPath } from "@/lib/browser-safe/sign-in-path";
import { fixedTheme } from "@/lib/browser-safe/theme";
import { beginSignOn, signOnConfig } from "@/lib/auth/single-sign-on";
import { sealSignOn } from "@/lib/auth/sign-on-cookie";
import { redirectNoStore, signOnCookieName, signOnCookieOptions } from "@/lib/auth/sign-on-routes";
import { getEnv } from "@/lib/env";
import { publicRoute } from "@/lib/http/route";
import { requestLocale } from "@/lib/i18n/request-locale";
import { requestTheme } from "@/lib/theme/request-theme";

export const dynamic = "force-dynamic";

// "Single sign-on" on the sign-in page links here: remember this browser's
// state, PKCE verifier and the page first asked for in a sealed cookie, and
// send the browser to the print server's own sign-in page.
export const GET = publicRoute({}, async ({ request }) => {
  const env = getEnv();
  if (!env.PORTAL_SINGLE_SIGN_ON) throw new PortalError("not_found", { reason: "single sign-on is off" });
  const returnPath = safeCallbackPath(request.nextUrl.searchParams.get("callbackUrl"));
  const [lang, theme] = await Promise.all([requestLocale(), requestTheme()]);
  const { location, pending } = await beginSignOn(returnPath, { lang, theme: fixedTheme(theme) }, signOnConfig());
  const response = redirectNoStore(location);
  response.cookies.set(signOnCookieName(), await sealSignOn(pending, env.AUTH_SECRET), signOnCookieOptions());
  return response;
});
