import { describe, expect, it } from "vitest";
import { totalCost } from "./total-cost";

describe("totalCost", () => {
  it("adds costs without binary noise and counts an unknown cost as nothing", () => {
    expect(totalCost([0.1, 0.2])).toBe(0.3);
    expect(totalCost([1.68, 0.05, null])).toBe(1.73);
  });
});
