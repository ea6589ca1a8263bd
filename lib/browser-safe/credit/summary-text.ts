import { formatMoney } from "@/lib/browser-safe/money-format";
import type { BalanceSummary } from "./statement";

// The chart's one-line summary, the text a screen reader hears instead of
// the picture: "Spent €14.20 in the last 30 days, added €10.00. Balance
// €29.70 then, €25.50 now."

type Translate = (key: "summary" | "nothingMoved", values: Record<string, string | number>) => string;

/** `t` is the "credit.chart" translator of the page's language. */
export function summaryText(
  t: Translate,
  summary: BalanceSummary | undefined,
  days: number,
  currency: string,
  locale: string,
): string {
  if (!summary) return t("nothingMoved", { days });
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return t("summary", {
    days,
    spent: money(summary.spent),
    added: summary.added > 0 ? money(summary.added) : "none",
    start: money(summary.startBalance),
    end: money(summary.endBalance),
  });
}
