// Intl.DateTimeFormat objects are costly to build (locale data is looked up
// each time), and a list of jobs formats several times per row: each
// locale and set of options builds one, kept for the page's life.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The (kept) formatter of `locale` (undefined: the browser's) with `options`. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The calendar day of a moment in `timeZone` (undefined: the browser's), as YYYY-MM-DD, for comparing days. */
export function dayKey(epochMs: number, timeZone?: string): string {
  return dateTimeFormat("en-CA", { timeZone }).format(epochMs);
}
