/** A clock time in the reader's locale, with seconds so a refresh visibly changes it. */
export function formatTime(epochMs: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: "medium" }).format(epochMs);
}
