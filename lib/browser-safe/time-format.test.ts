import { describe, expect, it } from "vitest";
import { formatElapsed } from "./elapsed-format";
import { formatStartTime } from "./time-format";

describe("time formats", () => {
  it("shows elapsed time as m:ss or h:mm:ss", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(7_400)).toBe("0:07");
    expect(formatElapsed(61_000)).toBe("1:01");
    expect(formatElapsed(3_725_000)).toBe("1:02:05");
    expect(formatElapsed(-5)).toBe("0:00");
  });

  it("shows a start time of today as a time, an older one with its date", () => {
    const now = Date.UTC(2026, 10, 21, 15, 0);
    expect(formatStartTime(Date.UTC(2026, 10, 21, 9, 14), now, "en-GB", "UTC")).toBe("09:14");
    expect(formatStartTime(Date.UTC(2026, 10, 20, 9, 14), now, "en-GB", "UTC")).toBe("20 Nov 2026, 09:14");
  });
});
