// The one place that decides which locale numbers, money and times are written
// in. Issue 6 (languages) replaces the rule; callers stay the same.

export const fallbackLocale = "en";

function canonical(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, "-"))[0];
  } catch {
    return undefined;
  }
}

function baseLanguage(tag: string): string {
  return tag.split("-")[0]!.toLowerCase();
}

/**
 * The profile's language wins, since the person chose it in the print server;
 * a browser language of the same base language adds its region ("en" + a
 * browser in "en-GB" gives British formats). Without a profile language the
 * browser's first valid one is used.
 */
export function chooseLocale(profileLanguage: string | null | undefined, browserLanguages: readonly string[]): string {
  const browser = browserLanguages.map(canonical).filter((tag): tag is string => tag !== undefined);
  const profile = canonical(profileLanguage);
  if (profile) {
    const sameLanguage = browser.find((tag) => baseLanguage(tag) === baseLanguage(profile));
    return sameLanguage && !profile.includes("-") ? sameLanguage : profile;
  }
  return browser[0] ?? fallbackLocale;
}
