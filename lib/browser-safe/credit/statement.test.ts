import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import cs from "@/messages/cs.json";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { balancePoints, summarizeBalance, type StatementLine } from "./statement";
import { summaryText } from "./summary-text";

const line = (id: number, at: string, type: StatementLine["type"], amount: number, balance: number): StatementLine => ({
  id,
  at,
  type,
  what: type,
  amount,
  balance,
  provider: null,
});

// Newest first, as the print server answers: 30.00 before, then prints, a
// refund and a voucher.
const lines = [
  line(5, "2026-11-20T09:00:00.000Z", "print", -1.68, 34.17),
  line(4, "2026-11-18T09:00:00.000Z", "recharge", 10, 35.85),
  line(3, "2026-11-10T09:00:00.000Z", "refund", 0.15, 25.85),
  line(2, "2026-11-05T09:00:00.000Z", "print", -0.15, 25.7),
  line(1, "2026-11-01T09:00:00.000Z", "print", -4.15, 25.85),
];

describe("the balance chart's data", () => {
  it("runs oldest first from the balance before the first line", () => {
    expect(balancePoints(lines, "2026-10-25T00:00:00.000Z")).toEqual([
      { at: "2026-10-25T00:00:00.000Z", balance: 30 },
      { at: "2026-11-01T09:00:00.000Z", balance: 25.85 },
      { at: "2026-11-05T09:00:00.000Z", balance: 25.7 },
      { at: "2026-11-10T09:00:00.000Z", balance: 25.85 },
      { at: "2026-11-18T09:00:00.000Z", balance: 35.85 },
      { at: "2026-11-20T09:00:00.000Z", balance: 34.17 },
    ]);
  });

  it("sums what prints took (net of refunds) and what was added, to the cent", () => {
    expect(summarizeBalance(lines)).toEqual({ spent: 5.83, added: 10, startBalance: 30, endBalance: 34.17 });
    expect(summarizeBalance([])).toBeUndefined();
  });
});

describe("the chart's summary text", () => {
  const chart = (messages: typeof en, locale: "en" | "de" | "cs") =>
    createTranslator({ locale, messages, namespace: "credit.chart" }) as unknown as Parameters<typeof summaryText>[0];

  it("says what was spent and added over the period, and the balance then and now", () => {
    expect(summaryText(chart(en, "en"), summarizeBalance(lines), 30, "EUR", "en")).toBe(
      "Spent €5.83 in the last 30 days, added €10.00. Balance €30.00 then, €34.17 now.",
    );
  });

  it("leaves out what was added when nothing was", () => {
    const prints = lines.filter((entry) => entry.type === "print");
    expect(summaryText(chart(en, "en"), summarizeBalance(prints.slice(0, 1)), 7, "EUR", "en")).toBe(
      "Spent €1.68 in the last 7 days. Balance €35.85 then, €34.17 now.",
    );
  });

  it("says when nothing moved", () => {
    expect(summaryText(chart(en, "en"), undefined, 90, "EUR", "en")).toBe(
      "Nothing changed your balance in the last 90 days.",
    );
  });

  it("speaks German and Czech with their own money format", () => {
    // Intl puts a no-break space between figure and sign.
    const german = summaryText(chart(de, "de"), summarizeBalance(lines), 30, "EUR", "de").replace(/\u00a0/g, " ");
    expect(german).toBe(
      "5,83 € ausgegeben in den letzten 30 Tagen, 10,00 € aufgeladen. Guthaben damals 30,00 €, jetzt 34,17 €.",
    );
    expect(
      summaryText(chart(cs as typeof en, "cs"), summarizeBalance(lines), 30, "EUR", "cs").replace(/\u00a0/g, " "),
    ).toContain("utraceno 5,83 €");
  });
});
