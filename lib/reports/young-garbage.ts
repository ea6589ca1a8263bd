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
 * 2026-11-27 19:55, over its budget of 32.
 *
 * Every 4 MiB, not 16 (until 2026-12-01): V8 counts buffers that wait for
 * collection against the old generation's room, and a limit it sets only
 * some 8 MiB above what survived its last full collection (about 50 MiB of
 * Next.js's code and data). Every 16 MiB, the records that waited passed
 * that room two or three times per 237 MiB file, and each time V8 started a
 * full collection, marking those 50 MiB again on its helper threads: a third
 * of the portal's CPU in a profile of downloads one after the other (`perf`),
 * 0.54 to 0.63 s per file in all against 0.34 to 0.36 s now, for a scavenge
 * of 0.3 to 0.6 ms every 4 MiB.
 */
export const YOUNG_GARBAGE_BYTES = 4 * 1024 * 1024;

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
