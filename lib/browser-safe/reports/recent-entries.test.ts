import { describe, expect, it } from "vitest";
import {
  addEntry,
  maxRecentEntries,
  parseStoredEntries,
  removeEntry,
  updateEntry,
  type RecentEntry,
} from "./recent-entries";

const entry = (executionId: number, patch: Partial<RecentEntry> = {}): RecentEntry => ({
  executionId,
  reportId: 3,
  reportName: "My monthly summary",
  format: "csv",
  startedAt: 1_700_000_000_000 + executionId,
  state: "running",
  ...patch,
});

describe("recent entries", () => {
  it("puts new entries first, once each, and keeps at most the limit", () => {
    let list: RecentEntry[] = [];
    for (let id = 1; id <= maxRecentEntries + 5; id += 1) list = addEntry(list, entry(id));
    expect(list).toHaveLength(maxRecentEntries);
    expect(list[0]?.executionId).toBe(maxRecentEntries + 5);
    list = addEntry(list, entry(maxRecentEntries + 5, { state: "ready" }));
    expect(list.filter((e) => e.executionId === maxRecentEntries + 5)).toHaveLength(1);
  });

  it("updates one entry and keeps the same list when nothing changed", () => {
    const list = [entry(1), entry(2)];
    expect(updateEntry(list, 1, { state: "running" })).toBe(list);
    const next = updateEntry(list, 1, { state: "ready", readyAt: 5 });
    expect(next[0]).toMatchObject({ state: "ready", readyAt: 5 });
    expect(next[1]).toBe(list[1]);
  });

  it("removes an entry", () => {
    expect(removeEntry([entry(1), entry(2)], 1).map((e) => e.executionId)).toEqual([2]);
  });

  it("reads back what it stored and skips what it cannot read", () => {
    const stored = JSON.stringify([
      entry(1),
      { executionId: "x" },
      entry(2, { format: "exe" as "csv" }),
      entry(3, { state: "ready", readyAt: 9 }),
    ]);
    expect(parseStoredEntries(stored).map((e) => e.executionId)).toEqual([1, 3]);
    expect(parseStoredEntries("not json")).toEqual([]);
    expect(parseStoredEntries('{"a":1}')).toEqual([]);
    expect(parseStoredEntries(null)).toEqual([]);
  });
});
