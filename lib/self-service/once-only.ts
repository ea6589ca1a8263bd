import "server-only";
import type { StateStore } from "@/lib/state/state-store";

// One press of a button, done once: requests that name the same key (a
// double submit, a retry after a lost answer) run `task` one at a time, and
// after one has succeeded the others answer its success without running it.

/** How long a done key is remembered. */
export const doneWindowSeconds = 10 * 60;

/** Runs `task` unless a request with `key` already succeeded; true when this one ran it. */
export async function onceOnly(store: StateStore, key: string, task: () => Promise<void>): Promise<boolean> {
  return store.withLock(`once:${key}`, async () => {
    if ((await store.peek(`done:${key}`)).count > 0) return false;
    await task();
    await store.hit(`done:${key}`, doneWindowSeconds);
    return true;
  });
}
