import { setTimeout as sleep } from "node:timers/promises";

/** Polls until `check` returns a value other than undefined (waiting is not asserted on; the test timeout bounds it). */
export async function pollUntil<T>(check: () => Promise<T | undefined>, intervalMs = 100): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(intervalMs);
  }
}
