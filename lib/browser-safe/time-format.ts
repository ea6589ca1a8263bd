import { dateTimeFormat, dayKey } from "./date-time-format";

// Times as people read them, in the browser's own clock and time zone.

/** A clock time in the reader's locale, with seconds so a refresh visibly changes it. */
export function formatClockTime(epochMs: number, locale: string): string {
  return dateTimeFormat(locale, { timeStyle: "medium" }).format(epochMs);
}

export type NearDay = "yesterday" | "today" | "tomorrow" | "other";

/**
 * A moment as people say it: its day beside today ("yesterday" is the reader's
 * previous calendar date, not 24 hours back), its clock time, and its date and
 * time for a day further off. The messages choose: "Sent yesterday at {time}",
 * "Deleted on {date}".
 */
export function nearMoment(
  at: number,
  now: number,
  locale?: string,
  timeZone?: string,
): { day: NearDay; time: string; date: string } {
  // Both dates read as UTC midnights, where every day has 24 hours (rounded
  // should a browser's date pattern ever read as local midnights again).
  const days = Math.round((Date.parse(dayKey(at, timeZone)) - Date.parse(dayKey(now, timeZone))) / 86_400_000);
  return {
    day: (["yesterday", "today", "tomorrow"] as const)[days + 1] ?? "other",
    time: dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(at),
    date: dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(at),
  };
}

/**
 * When the reader's next calendar day begins, the moment "today" becomes
 * "yesterday": in the browser's own time zone, a day of a clock change
 * included (23 or 25 hours).
 */
export function nextDayStart(now: number): number {
  return new Date(now).setHours(24, 0, 0, 0);
}
