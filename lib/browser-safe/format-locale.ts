// The locale numbers, money and times are written in: the portal's language,
// with the region of the browser when the browser speaks that language (an
// English page in a British browser writes British dates and times).

function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, "-"))[0];
  } catch {
    return undefined;
  }
}

export function formatLocale(language: string, browserLanguages: readonly string[]): string {
  const base = language.toLowerCase();
  const regional = browserLanguages
    .map(canonical)
    .find((tag) => tag !== undefined && tag.split("-")[0]!.toLowerCase() === base);
  return regional ?? language;
}
