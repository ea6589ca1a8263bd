import { z } from "zod/mini";
import { reportFormats } from "./formats";

// The "Recent reports" list as this browser keeps it: handles and names only,
// nothing secret. Pure functions, so the store and the tests share them.

export const maxRecentEntries = 20;

const recentEntry = z.object({
  executionId: z.int().check(z.positive()),
  reportId: z.int().check(z.positive()),
  reportName: z.string().check(z.maxLength(500)),
  format: z.enum(reportFormats),
  startedAt: z.int().check(z.nonnegative()),
  state: z.enum(["running", "ready", "failed", "expired"]),
  readyAt: z.optional(z.int().check(z.nonnegative())),
});

export type RecentEntry = z.infer<typeof recentEntry>;

/** Reads a stored list; anything unreadable is left out rather than breaking the page. */
export function parseStoredEntries(raw: string | null): RecentEntry[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((item) => {
      const parsed = recentEntry.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, maxRecentEntries);
}

/** Newest first; a handle appears once; the oldest fall off past the limit. */
export function addEntry(entries: readonly RecentEntry[], entry: RecentEntry): RecentEntry[] {
  return [entry, ...entries.filter((e) => e.executionId !== entry.executionId)].slice(0, maxRecentEntries);
}

export function updateEntry(
  entries: readonly RecentEntry[],
  executionId: number,
  patch: Partial<Omit<RecentEntry, "executionId">>,
): RecentEntry[] {
  let changed = false;
  const next = entries.map((entry) => {
    if (entry.executionId !== executionId) return entry;
    const updated = { ...entry, ...patch };
    changed ||= (Object.keys(patch) as Array<keyof typeof patch>).some((key) => entry[key] !== updated[key]);
    return updated;
  });
  return changed ? next : (entries as RecentEntry[]);
}

export function removeEntry(entries: readonly RecentEntry[], executionId: number): RecentEntry[] {
  return entries.filter((entry) => entry.executionId !== executionId);
}
