import { describe, expect, it } from "vitest";
import { shortfall, totalCost } from "./total-cost";

describe("totalCost", () => {
  it("adds costs without binary noise and counts an unknown cost as nothing", () => {
    expect(totalCost([0.1, 0.2])).toBe(0.3);
    expect(totalCost([1.68, 0.05, null])).toBe(1.73);
  });
});

describe("shortfall", () => {
  it("is what is missing, to the cent, without binary noise", () => {
    expect(shortfall(3.98, 3.2)).toBe(0.78);
    expect(shortfall(0.3, 0.1)).toBe(0.2);
  });

  it("rounds a fraction of a cent up, so it never says nothing is missing", () => {
    expect(shortfall(1.004, 1)).toBe(0.01);
    expect(shortfall(1.0351, 1)).toBe(0.04);
  });

  it("is null when what is available covers it, or no credit is kept", () => {
    expect(shortfall(3.2, 3.2)).toBeNull();
    expect(shortfall(1, 3.2)).toBeNull();
    expect(shortfall(1, null)).toBeNull();
  });
});
