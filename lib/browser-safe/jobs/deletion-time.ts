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
  // Noon today plus a day is tomorrow whatever the daylight saving change.
  const noon = new Date(`${dayKey(now, timeZone)}T12:00:00Z`).getTime();
  if (dayKey(at, timeZone) === dayKey(noon + 86_400_000, timeZone)) return { day: "tomorrow", time };
  return {
    day: "later",
    date: dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(at),
  };
}

/** The total cost of jobs, without binary noise (0.1 + 0.2). */
export function totalCost(costs: readonly (number | null)[]): number {
  return Math.round(costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0) * 1e6) / 1e6;
}
