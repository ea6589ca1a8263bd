import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { collectYoungGarbage } from "./young-garbage";

const MIB = 1024 * 1024;

/** 24 buffers of 1 MiB, outside the heap, dropped at once (fewer than V8's own 32 MiB trigger). */
function dropBuffers() {
  for (let i = 0; i < 24; i++) Buffer.allocUnsafeSlow(MIB).fill(i);
}

describe("collectYoungGarbage", () => {
  it("frees the buffers that young garbage holds", async () => {
    collectYoungGarbage();
    await sleep(50);
    const before = process.memoryUsage().arrayBuffers;
    dropBuffers();
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThanOrEqual(24 * MIB);
    collectYoungGarbage();
    // V8 frees their memory on a thread of its own, soon after the collection.
    await expect
      .poll(() => process.memoryUsage().arrayBuffers - before, { timeout: 2000, interval: 20 })
      .toBeLessThan(4 * MIB);
  });

  it("leaves the portal's own context without a `gc`", () => {
    collectYoungGarbage();
    expect("gc" in globalThis).toBe(false);
  });
});
