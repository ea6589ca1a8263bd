import "server-only";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * How many bytes of a download may pass before the portal has V8 collect
 * its young garbage (collectYoungGarbage). Each TLS record the print server
 * sends arrives in a new buffer of up to 16 KiB, allocated outside the heap;
 * V8 frees those in a minor collection, which it starts when the young
 * generation fills or when 32 MiB of such buffers wait (twice its default
 * largest semi-space). In a process whose young generation had grown under
 * other load, a download's records filled those 32 MiB between collections:
 * the portal's memory grew by up to 34.6 MiB in the bench's whole run of
 * 2026-11-27 19:55, over its budget of 32, and by less than 3 in runs where
 * the young generation was small. Collected every 16 MiB, a download's
 * garbage stays under half of that, whatever came before it, for a scavenge
 * of 1 to 4 ms every 16 MiB (about 3 % of a download's CPU).
 */
export const YOUNG_GARBAGE_BYTES = 16 * 1024 * 1024;

/** V8's `gc`, taken from a context made after `--expose-gc` is set: the portal's own context stays without one. */
function exposedGc(): (options: { type: "minor" }) => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as (options: { type: "minor" }) => void;
}

let gc: ((options: { type: "minor" }) => void) | undefined;

/** A minor (young generation) collection, now. */
export function collectYoungGarbage(): void {
  gc ??= exposedGc();
  gc({ type: "minor" });
}
