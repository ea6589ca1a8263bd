import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { currentSession, type SessionState } from "@/lib/auth/current-session";
import { isLocale, localeCookieName, type Locale } from "@/lib/browser-safe/locales";
import { resolveLocale } from "./resolve-locale";
import { languagesForSession, languagesWithoutSession } from "./upstream-languages";
import { portalCookieName } from "@/lib/auth/host-cookie";

/**
 * The language of the request being served, given its session (asked for
 * only when the language switch has not decided): its inputs gathered here,
 * the rule in resolve-locale.ts.
 */
export async function localeOfRequest(session: () => Promise<SessionState>): Promise<Locale> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const chosen = cookieStore.get(portalCookieName(localeCookieName))?.value;
  // The switch outranks all the print server could say: no need to ask it.
  if (isLocale(chosen)) return resolveLocale({ chosen });
  // The language never fails a page: with the state store out, the browser's own.
  const state = await session().catch((): SessionState => ({ status: "none" }));
  const upstream = state.status === "active" ? await languagesForSession(state) : await languagesWithoutSession();
  return resolveLocale({ ...upstream, acceptLanguage: headerList.get("accept-language") });
}

/** The language of the request being served; once per request (React cache) for pages and layouts. */
export const requestLocale = cache((): Promise<Locale> => localeOfRequest(currentSession));
