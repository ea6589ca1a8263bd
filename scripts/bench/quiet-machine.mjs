// Before each group of measures the bench waits until the machine is quiet:
// what the group before left running (a 240 MB report file written out, a
// print server's clean-up, a browser closing) slowed the next group's
// figures by up to half on 2 cores (sign-in right after the download, the
// first Lighthouse pages). A neighbour's work is waited out alike, up to a
// limit; the wait is recorded with the figures.

import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { round } from "./stats.mjs";

/** CPU time (ms) spent busy and idle so far, summed over all CPUs. */
function cpuTimes() {
  let busy = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy, idle };
}

/** The share (0 to 1) of the CPUs' time spent busy between two readings of cpuTimes(). */
export function busyShare(before, after) {
  const busy = after.busy - before.busy;
  const total = busy + after.idle - before.idle;
  return total > 0 ? busy / total : 0;
}

/**
 * Resolves once the CPUs have been at most `maxBusyShare` busy for
 * `quietWindows` windows in a row, or after `timeoutMs` whatever they do.
 * Answers how long it waited, the last window's busy share and whether the
 * machine was quiet.
 */
export async function waitForQuietMachine({
  maxBusyShare = 0.1,
  windowMs = 1000,
  quietWindows = 2,
  timeoutMs = 60_000,
} = {}) {
  const started = Date.now();
  let quietInARow = 0;
  let before = cpuTimes();
  for (;;) {
    await sleep(windowMs);
    const after = cpuTimes();
    const share = busyShare(before, after);
    before = after;
    quietInARow = share <= maxBusyShare ? quietInARow + 1 : 0;
    const waitedSeconds = round((Date.now() - started) / 1000, 1);
    if (quietInARow >= quietWindows) return { waitedSeconds, busyShare: round(share, 2), quiet: true };
    if (Date.now() - started >= timeoutMs) return { waitedSeconds, busyShare: round(share, 2), quiet: false };
  }
}
