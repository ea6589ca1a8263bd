import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { currentSession } from "@/lib/auth/current-session";
import { isLocale, localeCookieName, type Locale } from "@/lib/browser-safe/locales";
import { resolveLocale } from "./resolve-locale";
import { languagesForSession, languagesWithoutSession } from "./upstream-languages";

/**
 * The language of the request being served: its inputs gathered here, the
 * rule in resolve-locale.ts. Once per request (React cache), for pages,
 * layouts and route handlers alike.
 */
export const requestLocale = cache(async (): Promise<Locale> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const chosen = cookieStore.get(localeCookieName)?.value;
  // The switch outranks all the print server could say: no need to ask it.
  if (isLocale(chosen)) return resolveLocale({ chosen });
  const state = await currentSession();
  const upstream =
    state.status === "active"
      ? await languagesForSession(state.sessionId, state.session.userId)
      : await languagesWithoutSession();
  return resolveLocale({ ...upstream, acceptLanguage: headerList.get("accept-language") });
});
