import { dateTimeFormat } from "./date-time-format";

// Times as people read them, in the browser's own clock and time zone.

/** A clock time in the reader's locale, with seconds so a refresh visibly changes it. */
export function formatClockTime(epochMs: number, locale: string): string {
  return dateTimeFormat(locale, { timeStyle: "medium" }).format(epochMs);
}

/** Elapsed time as m:ss (or h:mm:ss past an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** A start time: the time of day if today, else date and time. */
export function formatStartTime(startedAt: number, now = Date.now(), locale?: string, timeZone?: string): string {
  const start = new Date(startedAt);
  const sameDay =
    dateTimeFormat("en-CA", { timeZone }).format(start) === dateTimeFormat("en-CA", { timeZone }).format(new Date(now));
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeStyle: "short", timeZone }
    : { dateStyle: "medium", timeStyle: "short", timeZone };
  return dateTimeFormat(locale, options).format(start);
}
