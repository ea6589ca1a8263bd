import { describe, expect, it } from "vitest";
import { firstPollMs, maxPollMs, pollDelayMs } from "./poll-backoff";

describe("pollDelayMs", () => {
  it("starts at about a second and grows to five", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(pollDelayMs)).toEqual([1000, 1500, 2250, 3375, 5000, 5000, 5000]);
    expect(pollDelayMs(0)).toBe(firstPollMs);
  });

  it("never grows past the cap, never shrinks", () => {
    let previous = 0;
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const delay = pollDelayMs(attempt);
      expect(delay).toBeGreaterThanOrEqual(previous);
      expect(delay).toBeLessThanOrEqual(maxPollMs);
      previous = delay;
    }
  });

  it("treats odd attempt numbers as the first", () => {
    expect(pollDelayMs(-3)).toBe(firstPollMs);
    expect(pollDelayMs(Number.NaN)).toBe(firstPollMs);
  });
});
