// What fresh memory costs on this machine: the first write to each 4 KiB page
// of a new allocation (the kernel, and on a virtual machine perhaps its host,
// must find the page) against a second write to the same pages. Every process
// of the bench pays the first on what it allocates anew: Chromium for each
// page Lighthouse loads, the portal and the floor for each downloaded file.
// On the machine of 2026-11-27's afternoon the first write cost about 12 µs a
// page, some 60 times the second; the same code's figures then swung with it
// (the floor's own Lighthouse score 85 to 87, a download's CPU 0.7 to 2 s).
// Printed and kept with each run, so a slow machine reads as one.

import { median, round } from "./stats.mjs";

const PAGE_BYTES = 4096;

/** Microseconds per page of one write over `bytes`, first to a new allocation, then again. */
export function touchCost(bytes) {
  // allocUnsafeSlow: memory of its own (not Node's pool), untouched until written.
  const buffer = Buffer.allocUnsafeSlow(bytes);
  const pages = bytes / PAGE_BYTES;
  const started = process.hrtime.bigint();
  buffer.fill(1);
  const firstDone = process.hrtime.bigint();
  buffer.fill(2);
  const secondDone = process.hrtime.bigint();
  return {
    firstMicros: Number(firstDone - started) / 1000 / pages,
    againMicros: Number(secondDone - firstDone) / 1000 / pages,
  };
}

/**
 * Medians of `rounds` touches of `mib` MiB each: the cost of a fresh page
 * and of a page written before (µs), and how many times the one the other.
 */
export function freshMemoryCost({ mib = 64, rounds = 3 } = {}) {
  const samples = Array.from({ length: rounds }, () => touchCost(mib * 1024 * 1024));
  const fresh = round(median(samples.map((s) => s.firstMicros)), 2);
  const again = round(median(samples.map((s) => s.againMicros)), 2);
  // From the figures as shown, so the three agree when read.
  return { freshPageMicros: fresh, writtenPageMicros: again, times: round(fresh / again, 0) };
}
