import { dateTimeFormat, dayKey } from "./date-time-format";

// Times as people read them, in the browser's own clock and time zone.

/** A clock time in the reader's locale, with seconds so a refresh visibly changes it. */
export function formatClockTime(epochMs: number, locale: string): string {
  return dateTimeFormat(locale, { timeStyle: "medium" }).format(epochMs);
}

/** A start time: the time of day if today, else date and time. */
export function formatStartTime(startedAt: number, now = Date.now(), locale?: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions =
    dayKey(startedAt, timeZone) === dayKey(now, timeZone)
      ? { timeStyle: "short", timeZone }
      : { dateStyle: "medium", timeStyle: "short", timeZone };
  return dateTimeFormat(locale, options).format(startedAt);
}
