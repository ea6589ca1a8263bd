import { cookies } from "next/headers";
import { SignOnRefused, signIn, singleSignOnProvider } from "@/lib/auth/auth";
import { replacePreviousSession } from "@/lib/auth/replace-session";
import { openSignOn } from "@/lib/auth/sign-on-cookie";
import { redirectNoStore, signOnCookieName, signOnCookieOptions, toSignInWith } from "@/lib/auth/sign-on-routes";
import { getEnv } from "@/lib/env";
import { publicRoute } from "@/lib/http/route";
import { errorFields, log } from "@/lib/log";

export const dynamic = "force-dynamic";

// The redirect URI registered with the print server (PORTAL_URL +
// /api/auth/callback/print-server). The print server sends the browser back
// here with ?code&state, or ?error=access_denied&state. Success lands on the
// page first asked for; any problem on the sign-in page, in plain words.
export const GET = publicRoute({}, async ({ request }) => {
  const jar = await cookies();
  const sealed = jar.get(signOnCookieName())?.value;
  // The sign-on is used up either way: a second visit of this URL finds no cookie.
  jar.set(signOnCookieName(), "", signOnCookieOptions(0));
  const pending = await openSignOn(sealed, getEnv().AUTH_SECRET);
  const returnPath = pending?.returnPath ?? "/";
  try {
    await replacePreviousSession(
      request,
      () => signIn(singleSignOnProvider, { query: request.nextUrl.searchParams.toString(), sealed, redirect: false }),
      { method: "single-sign-on" },
    );
  } catch (error) {
    if (error instanceof SignOnRefused) return toSignInWith(error.problem, returnPath);
    log.error("single sign-on failed", errorFields(error));
    return toSignInWith("failed", returnPath);
  }
  return redirectNoStore(new URL(returnPath, getEnv().PORTAL_URL));
});
