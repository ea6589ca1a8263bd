import "server-only";
import Negotiator from "negotiator";
import { defaultLocale, isLocale, locales, supportedLanguageOf, type Locale } from "@/lib/browser-safe/locales";

// The one rule that decides the portal's language. Pure, so it is tested on
// its own; request-locale.ts gathers the inputs of a request.

export interface LocaleSources {
  /** What the person picked with the language switch (the cookie). */
  chosen?: string | null;
  /** The `lang` of the person's record in the print server. */
  profileLanguage?: string | null;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string | null;
  /** The print server's configured language (`/v3/server/config`). */
  serverLanguage?: string | null;
}

/**
 * The supported language the browser prefers most, if any. A wildcard says
 * "no preference", so it is left out rather than read as English.
 */
export function negotiateAcceptLanguage(header: string | null | undefined): Locale | undefined {
  const ranges = (header ?? "")
    .split(",")
    .filter((range) => range.split(";")[0]?.trim() !== "*")
    .join(",");
  if (ranges.trim() === "") return undefined;
  const [best] = new Negotiator({ headers: { "accept-language": ranges } }).languages([...locales]);
  return isLocale(best) ? best : undefined;
}

/**
 * In order: the switch (the person's latest, explicit choice, which must win
 * or switching could not work), the profile language, the browser, the
 * server, English.
 *
 * MyQ stores a `lang` for every user and fills it with the server's language
 * when nobody chose one, so a profile language equal to the server's says
 * nothing about the person and does not outrank their browser.
 */
export function resolveLocale(sources: LocaleSources): Locale {
  const server = supportedLanguageOf(sources.serverLanguage);
  const profile = supportedLanguageOf(sources.profileLanguage);
  const chosen = isLocale(sources.chosen) ? sources.chosen : undefined;
  const profileChoice = profile !== undefined && profile !== server ? profile : undefined;
  return (
    chosen ?? profileChoice ?? negotiateAcceptLanguage(sources.acceptLanguage) ?? server ?? profile ?? defaultLocale
  );
}
