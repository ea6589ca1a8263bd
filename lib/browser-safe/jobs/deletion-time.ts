import { dateTimeFormat, dayKey } from "@/lib/browser-safe/date-time-format";

// When a waiting job will be deleted, as a person reads it: "today at 09:14",
// "tomorrow at 09:14", or a date further out. Days are the reader's own.

export type DeletionDay =
  { day: "today"; time: string } | { day: "tomorrow"; time: string } | { day: "later"; date: string };

export function deletionDay(expiresAt: string, now: number, locale: string, timeZone?: string): DeletionDay | null {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  const time = dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(at);
  if (dayKey(at, timeZone) === dayKey(now, timeZone)) return { day: "today", time };
  // The reader's date plus one, counted in UTC, where no day is longer or
  // shorter; not a moment read in their zone (UTC noon of a date is already
  // the next day at UTC+12 and beyond).
  const tomorrow = new Date(Date.parse(dayKey(now, timeZone)) + 86_400_000).toISOString().slice(0, 10);
  if (dayKey(at, timeZone) === tomorrow) return { day: "tomorrow", time };
  return {
    day: "later",
    date: dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(at),
  };
}

/** The total cost of jobs, without binary noise (0.1 + 0.2). */
export function totalCost(costs: readonly (number | null)[]): number {
  return Math.round(costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0) * 1e6) / 1e6;
}
