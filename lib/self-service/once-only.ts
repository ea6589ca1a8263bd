import "server-only";
import type { StateStore } from "@/lib/state/state-store";

// One press of a button, done once: requests that name the same key (a
// double submit, a retry after a lost answer) run `task` one at a time, and
// after one has succeeded the others answer without running it again.

/** How long a done key is remembered. */
export const doneWindowSeconds = 10 * 60;

/** Runs `task` unless a request with `key` already succeeded: its value, or `{ done: "before" }`. */
export async function onceOnly<T>(
  store: StateStore,
  key: string,
  task: () => Promise<T>,
): Promise<{ done: "now"; value: T } | { done: "before" }> {
  return store.withLock(`once:${key}`, async () => {
    if ((await store.peek(`done:${key}`)).count > 0) return { done: "before" as const };
    const value = await task();
    await store.hit(`done:${key}`, doneWindowSeconds);
    return { done: "now" as const, value };
  });
}
