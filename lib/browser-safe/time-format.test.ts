import { describe, expect, it } from "vitest";
import { formatStartTime } from "./time-format";

describe("time formats", () => {
  it("shows a start time of today as a time, an older one with its date", () => {
    const now = Date.UTC(2026, 10, 21, 15, 0);
    expect(formatStartTime(Date.UTC(2026, 10, 21, 9, 14), now, "en-GB", "UTC")).toBe("09:14");
    expect(formatStartTime(Date.UTC(2026, 10, 20, 9, 14), now, "en-GB", "UTC")).toBe("20 Nov 2026, 09:14");
  });
});
