import { assumedRetentionMs } from "@/lib/browser-safe/contract-assumptions";
import type { ExecutionStatus } from "./execution-status";

// The state a "Recent reports" entry shows. A 410 ("gone") is told apart here
// (see contract-assumptions.ts): expired if the file was once ready or the
// execution is older than the retention, otherwise failed.

export type EntryState = "running" | "ready" | "failed" | "expired";

export interface EntryFacts {
  startedAt: number;
  /** When the file was first seen ready, if ever. */
  readyAt?: number;
}

/** The entry's new state, or "drop" when the print server no longer knows it. */
export function entryStateFor(status: ExecutionStatus, entry: EntryFacts, now = Date.now()): EntryState | "drop" {
  switch (status) {
    case "running":
      return "running";
    case "ready":
      return "ready";
    case "unknown":
      return "drop";
    case "gone":
      return entry.readyAt !== undefined || now - entry.startedAt >= assumedRetentionMs ? "expired" : "failed";
  }
}

export function isSettled(state: EntryState): boolean {
  return state !== "running";
}
