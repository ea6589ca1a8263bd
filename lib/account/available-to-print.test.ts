import { describe, expect, it } from "vitest";
import { availableToPrint, spendableAmount } from "./available-to-print";

describe("availableToPrint", () => {
  it("adds up every credit account so nobody adds purses in their head", () => {
    expect(
      availableToPrint([
        { balance: 25.5, minimumBalance: null },
        { balance: 3.2, minimumBalance: null },
      ]),
    ).toBe(28.7);
  });

  it("is zero without accounts and with a zero balance", () => {
    expect(availableToPrint([])).toBe(0);
    expect(availableToPrint([{ balance: 0, minimumBalance: null }])).toBe(0);
  });

  it("includes an allowed overdraft down to the minimum balance", () => {
    expect(spendableAmount({ balance: 2, minimumBalance: -5 })).toBe(7);
    expect(spendableAmount({ balance: -3, minimumBalance: -5 })).toBe(2);
  });

  it("never counts a balance below its minimum against other accounts", () => {
    expect(
      availableToPrint([
        { balance: -4.5, minimumBalance: null },
        { balance: 10, minimumBalance: 0 },
      ]),
    ).toBe(10);
  });

  it("keeps a reserve when the minimum is above zero", () => {
    expect(spendableAmount({ balance: 5, minimumBalance: 2 })).toBe(3);
  });
});
