import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { statementCsv } from "./statement-csv";

const headings = {
  date: "Date (UTC)",
  type: "Type",
  what: "What",
  amount: "Amount",
  balance: "Balance after",
  currency: "Currency",
};

describe("the statement CSV", () => {
  it("has a header row, ISO dates and amounts with two decimals, and keeps formulas from running", () => {
    const csv = statementCsv(
      [
        {
          id: 2,
          at: "2026-11-20T08:14:05.000Z",
          type: "print",
          what: '=HYPERLINK("x"), "quoted"',
          amount: -1.5,
          balance: 24,
          provider: null,
        },
        {
          id: 1,
          at: "2026-11-19T08:00:00.000Z",
          type: "recharge",
          what: "Voucher VOUCHER-10",
          amount: 10,
          balance: 25.5,
          provider: "voucher",
        },
      ],
      headings,
      (type) => ({ print: "Print", recharge: "Top-up", refund: "Refund", adjustment: "Adjustment" })[type],
      "EUR",
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(parse(csv.slice(1))).toEqual([
      ["Date (UTC)", "Type", "What", "Amount", "Balance after", "Currency"],
      ["2026-11-20T08:14:05.000Z", "Print", `'=HYPERLINK("x"), "quoted"`, "-1.50", "24.00", "EUR"],
      ["2026-11-19T08:00:00.000Z", "Top-up", "Voucher VOUCHER-10", "10.00", "25.50", "EUR"],
    ]);
  });
});
