import { describe, expect, it } from "vitest";
import { formatElapsed } from "./elapsed-format";

describe("formatElapsed", () => {
  it("shows elapsed time as m:ss or h:mm:ss", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(7_400)).toBe("0:07");
    expect(formatElapsed(61_000)).toBe("1:01");
    expect(formatElapsed(3_725_000)).toBe("1:02:05");
    expect(formatElapsed(-5)).toBe("0:00");
  });
});
