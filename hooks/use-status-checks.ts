"use client";

import { useSyncExternalStore } from "react";

// Whether the last check on a running report failed (print server or network
// away), so "Recent reports" can say so while the watcher keeps trying.

let failing = false;
const listeners = new Set<() => void>();

export function setStatusChecksFailing(value: boolean): void {
  if (failing === value) return;
  failing = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStatusChecksFailing(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failing,
    () => false,
  );
}

export const statusQueryKey = (storageKey: string) => ["report-status", storageKey] as const;
