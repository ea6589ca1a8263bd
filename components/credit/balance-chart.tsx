"use client";

import { useTranslations } from "next-intl";
import type { HistoryResponse } from "@/app/api/credit/history/schema";
import { formatDate, formatDateTime } from "@/lib/browser-safe/credit/format";
import { summaryText } from "@/lib/browser-safe/credit/summary-text";
import { formatMoney } from "@/lib/browser-safe/money-format";

// The balance over the period as a small SVG step line (a balance holds
// until the next change), with its one-line summary and, for anyone who
// cannot see it, the same points as a table. No chart library: one line
// and an area need no more than this.

const width = 600;
const height = 140;

function stepPath(history: HistoryResponse): { line: string; area: string } {
  const from = Date.parse(history.from);
  const span = Math.max(1, Date.parse(history.to) - from);
  const balances = history.points.map((point) => point.balance);
  const low = Math.min(0, ...balances);
  const high = Math.max(...balances, low + 1);
  const x = (at: string) => ((Math.max(from, Date.parse(at)) - from) / span) * width;
  const y = (balance: number) => height - 4 - ((balance - low) / (high - low)) * (height - 8);
  let line = "";
  history.points.forEach((point, index) => {
    line += index === 0 ? `M${x(point.at)},${y(point.balance)}` : `H${x(point.at)}V${y(point.balance)}`;
  });
  line += `H${width}`;
  const area = `${line}V${height}H${x(history.points[0]!.at)}Z`;
  return { line, area };
}

interface BalanceChartProps {
  history: HistoryResponse;
  days: number;
  currency: string;
  locale: string;
}

export function BalanceChart({ history, days, currency, locale }: BalanceChartProps) {
  const t = useTranslations("credit.chart");
  const summary = summaryText(
    t as unknown as Parameters<typeof summaryText>[0],
    history.summary,
    days,
    currency,
    locale,
  );
  const money = (amount: number) => formatMoney(amount, currency, locale);
  if (history.points.length === 0) return <p>{summary}</p>;
  const balances = history.points.map((point) => point.balance);
  const { line, area } = stepPath(history);
  const label = t("label", {
    from: formatDate(history.from, locale),
    to: formatDate(history.to, locale),
    min: money(Math.min(...balances)),
    max: money(Math.max(...balances)),
  });
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium" data-testid="chart-summary">
        {summary}
      </p>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-36 w-full rounded-lg border border-border bg-surface-muted"
      >
        <path d={area} className="fill-accent/15" />
        <path d={line} className="fill-none stroke-accent" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="flex justify-between text-sm text-fg-muted" aria-hidden="true">
        <span>{formatDate(history.from, locale)}</span>
        <span>{formatDate(history.to, locale)}</span>
      </div>
      {history.complete ? null : <p className="text-sm text-fg-muted">{t("partial")}</p>}
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium underline underline-offset-4">
          {t("showTable")}
        </summary>
        <div
          className="mt-2 max-h-80 overflow-auto rounded-lg border border-border"
          tabIndex={0}
          role="region"
          aria-label={t("tableCaption")}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{t("tableCaption")}</caption>
            <thead>
              <tr className="text-start">
                <th scope="col" className="p-2 text-start">
                  {t("when")}
                </th>
                <th scope="col" className="p-2 text-end">
                  {t("balance")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {history.points.map((point, index) => (
                <tr key={index}>
                  <td className="p-2">{formatDateTime(point.at, locale)}</td>
                  <td className="p-2 text-end tabular-nums">{money(point.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
