import { reportFormats, type ReportFormat } from "./report-format";

// The "Recent reports" list as this browser keeps it: handles and names only,
// nothing secret. Pure functions, so the store and the tests share them.

export const maxRecentEntries = 20;

const entryStates = ["running", "ready", "failed", "expired"] as const;

export interface RecentEntry {
  executionId: number;
  reportId: number;
  reportName: string;
  format: ReportFormat;
  startedAt: number;
  state: (typeof entryStates)[number];
  readyAt?: number;
}

// Checked by hand rather than with zod: the layout's report watcher loads
// this module on every page, and the browser loads no schema library.
const isWhole = (value: unknown, least: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= least;
const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  choices.some((choice) => choice === value);

/** A stored entry as it was written, without any other field; undefined when it is not one. */
function readEntry(item: unknown): RecentEntry | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const { executionId, reportId, reportName, format, startedAt, state, readyAt } = item as Record<string, unknown>;
  if (!isWhole(executionId, 1) || !isWhole(reportId, 1) || !isWhole(startedAt, 0)) return undefined;
  if (typeof reportName !== "string" || reportName.length > 500) return undefined;
  if (!isOneOf(reportFormats, format) || !isOneOf(entryStates, state)) return undefined;
  if (readyAt !== undefined && !isWhole(readyAt, 0)) return undefined;
  return { executionId, reportId, reportName, format, startedAt, state, ...(readyAt === undefined ? {} : { readyAt }) };
}

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
      const entry = readEntry(item);
      return entry ? [entry] : [];
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
