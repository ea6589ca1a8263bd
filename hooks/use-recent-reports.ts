"use client";

import { useCallback, useSyncExternalStore } from "react";
import { browserStorage } from "@/lib/browser-safe/browser-storage";
import {
  addEntry,
  parseStoredEntries,
  removeEntry,
  updateEntry,
  type RecentEntry,
} from "@/lib/browser-safe/reports/recent-entries";
import { recentReportsChanged, type RecentReportsChange } from "@/lib/browser-safe/reports/stored-reports";

// "Recent reports" of one user on this browser, kept in localStorage under a
// per-user key (recent-reports-key.ts). The watcher in the layout and the
// Reports page read and change it through here; other tabs follow through the
// storage event.

type Listener = () => void;

const snapshots = new Map<string, RecentEntry[]>();
const listeners = new Map<string, Set<Listener>>();

function read(key: string): RecentEntry[] {
  let cached = snapshots.get(key);
  if (!cached) {
    let raw: string | null = null;
    try {
      raw = browserStorage("localStorage")?.getItem(key) ?? null;
    } catch {
      // Storage switched off: the list lives only as long as the page.
    }
    cached = parseStoredEntries(raw);
    snapshots.set(key, cached);
  }
  return cached;
}

function notify(key: string): void {
  listeners.get(key)?.forEach((listener) => listener());
  const change: RecentReportsChange = { key, count: read(key).length };
  window.dispatchEvent(new CustomEvent(recentReportsChanged, { detail: change }));
}

function write(key: string, change: (entries: RecentEntry[]) => RecentEntry[]): void {
  const current = read(key);
  const next = change(current);
  if (next === current) return;
  snapshots.set(key, next);
  try {
    browserStorage("localStorage")?.setItem(key, JSON.stringify(next));
  } catch {
    // Full or switched off: keep the in-memory list.
  }
  notify(key);
}

function subscribe(key: string, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    snapshots.delete(key);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export const recentReports = {
  entries: read,
  add: (key: string, entry: RecentEntry) => write(key, (entries) => addEntry(entries, entry)),
  update: (key: string, executionId: number, patch: Partial<Omit<RecentEntry, "executionId">>) =>
    write(key, (entries) => updateEntry(entries, executionId, patch)),
  remove: (key: string, executionId: number) => write(key, (entries) => removeEntry(entries, executionId)),
  find: (key: string, executionId: number) => read(key).find((entry) => entry.executionId === executionId),
};

/** The list, or null during the server render and hydration (storage is browser-only). */
export function useRecentReports(key: string): RecentEntry[] | null {
  const subscribeKey = useCallback((listener: Listener) => subscribe(key, listener), [key]);
  const snapshot = useCallback(() => read(key), [key]);
  return useSyncExternalStore(subscribeKey, snapshot, () => null);
}
