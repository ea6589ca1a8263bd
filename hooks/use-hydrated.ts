"use client";

import { useDeferredValue, useSyncExternalStore } from "react";

// Whether the page has been hydrated: flips once per page, two tasks after
// the first component that asks has been hydrated. What depends on it is
// what only the browser knows (its time zone, its languages): times and
// money the browser formats itself. The first formatter the page builds
// loads ICU's data, a long task on a phone; in the task that runs
// hydration's effects, or with the renders the flip causes, that made one
// long task of two. So the task before the flip
// loads that data and does nothing else.
let hydrated = false;
let waiting: Set<() => void> | undefined;

function loadFormattingData() {
  try {
    new Intl.DateTimeFormat(document.documentElement.lang || undefined, { timeStyle: "medium" }).format(0);
  } catch {
    // A lang Intl refuses: the page's own formatting will load the data.
  }
}

/** For useSyncExternalStore: calls `onChange` when the page counts as hydrated. */
export function subscribeToHydration(onChange: () => void): () => void {
  if (!waiting) {
    const all = (waiting = new Set());
    // Each step in a task of its own (a timer), apart from hydration's.
    setTimeout(() => {
      loadFormattingData();
      setTimeout(() => {
        hydrated = true;
        all.forEach((call) => call());
      }, 0);
    }, 0);
  }
  waiting.add(onChange);
  return () => waiting?.delete(onChange);
}

/** The browser's snapshot: true from two tasks after hydration on. */
export const isHydrated = () => hydrated;

/**
 * False while the server renders and while the browser hydrates what it
 * rendered, true from two tasks after: for what only the browser knows (its
 * clock's time zone), so hydration finds the server's text unchanged.
 */
export function useHydrated(): boolean {
  // What the flip changes is rendered after it, in slices (see useFormatLocale).
  return useDeferredValue(useSyncExternalStore(subscribeToHydration, isHydrated, () => false));
}
