"use client";

import { useSyncExternalStore } from "react";

// Whether the last check on a running report failed (print server or network
// away), so "Recent reports" can say so while the watcher keeps trying, and
// its Retry, which has the watcher check every report at once.

let failing = false;
let retries = 0;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export function setStatusChecksFailing(value: boolean): void {
  if (failing === value) return;
  failing = value;
  notify();
}

/** "Retry" beside the failing checks: the watcher checks again now. */
export function retryStatusChecks(): void {
  retries++;
  notify();
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

/** How many times Retry was pressed: a change means "check again now". */
export function useStatusCheckRetries(): number {
  return useSyncExternalStore(
    subscribe,
    () => retries,
    () => 0,
  );
}
