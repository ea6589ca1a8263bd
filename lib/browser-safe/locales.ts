// The languages the portal speaks. English is complete by definition: every
// other catalogue is checked against it (catalogues.test.ts).

export const locales = ["en", "de", "cs"] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = "en";

/** Set by the language switch; read by request-locale.ts on every request, as `portalCookieName(localeCookieName)` (`__Host-` over HTTPS). */
export const localeCookieName = "portal-language";

/** A year: the choice outlives sessions on this device. */
export const localeCookieMaxAgeSeconds = 365 * 24 * 3600;

/**
 * Each language by its own name, the same in every catalogue: people look for
 * their language written in it ("Deutsch", not "German").
 */
export const localeNames: Record<Locale, string> = { en: "English", de: "Deutsch", cs: "Čeština" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The supported language of a tag such as "de-AT" or "cs_CZ", if any. */
export function supportedLanguageOf(tag: string | null | undefined): Locale | undefined {
  const base = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLocale(base) ? base : undefined;
}
