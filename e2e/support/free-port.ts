import { loadStack } from "./load-stack";

/**
 * A port on 127.0.0.1 that nothing listens on right now, for a server a test
 * starts. The one implementation is scripts/lib/free-port.mjs, shared with
 * the demo, the benchmarks and the unit tests.
 */
export async function freePort(): Promise<number> {
  return (await loadStack()).freePort();
}
