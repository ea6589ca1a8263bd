"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { PanelProblem } from "@/components/account/panel-problem";
import { PanelSection } from "@/components/account/panel-section";
import { SkeletonLine } from "@/components/account/skeleton-line";
import { buttonClasses, Button } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import { filterQuery, type StatementFilterState } from "@/lib/browser-safe/credit/read-paths";
import type { UseQueryResult } from "@tanstack/react-query";
import { useShownError } from "@/hooks/use-shown-error";
import type { historyResponse } from "@/app/api/credit/history/schema";
import type { statementResponse } from "@/app/api/credit/statement/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import {
  statementPeriods,
  statementTypes,
  type StatementLine,
  type StatementPeriod,
  type StatementType,
} from "@/lib/browser-safe/credit/statement";
import { formatDateTime, formatSignedMoney } from "@/lib/browser-safe/credit/format";
import { formatMoney } from "@/lib/browser-safe/money-format";
import { BalanceChart } from "./balance-chart";

function Filters({
  filter,
  onChange,
}: {
  filter: StatementFilterState;
  onChange: (next: StatementFilterState) => void;
}) {
  const t = useTranslations("credit");
  const periodId = useId();
  const typeId = useId();
  const select = "min-h-11 rounded-lg border border-field-border bg-surface px-3 text-base text-fg";
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={periodId} className="font-medium">
          {t("statement.period")}
        </label>
        <select
          id={periodId}
          className={select}
          value={filter.days}
          onChange={(event) => onChange({ ...filter, days: Number(event.target.value) as StatementPeriod })}
        >
          {statementPeriods.map((days) => (
            <option key={days} value={days}>
              {t("statement.periodDays", { days })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={typeId} className="font-medium">
          {t("statement.type")}
        </label>
        <select
          id={typeId}
          className={select}
          value={filter.type}
          onChange={(event) => onChange({ ...filter, type: event.target.value as StatementType | "" })}
        >
          <option value="">{t("statement.allTypes")}</option>
          {statementTypes.map((type) => (
            <option key={type} value={type}>
              {t(`type.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <a href={`/api/credit/statement/csv?${filterQuery(filter)}`} download className={buttonClasses("secondary")}>
        <Icon name="download" className="size-5" />
        {t("statement.downloadCsv")}
      </a>
    </div>
  );
}

function StatementTable({ lines, currency, locale }: { lines: StatementLine[]; currency: string; locale: string }) {
  const t = useTranslations("credit");
  return (
    // Two columns on a phone (below); should a very narrow screen still be
    // too small, it scrolls sideways on its own, and the keyboard can scroll it.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("statement.caption")}>
      <table className="w-full text-sm sm:text-base">
        <caption className="sr-only">{t("statement.caption")}</caption>
        <thead className="border-b border-border text-fg-muted">
          <tr>
            <th scope="col" className="hidden p-2 text-start font-medium sm:table-cell">
              {t("statement.date")}
            </th>
            <th scope="col" className="p-2 text-start font-medium">
              {t("statement.what")}
            </th>
            <th scope="col" className="p-2 text-end font-medium">
              {t("statement.amount")}
            </th>
            <th scope="col" className="hidden p-2 text-end font-medium sm:table-cell">
              {t("statement.balanceAfter")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {lines.map((line) => {
            const date = formatDateTime(line.at, locale);
            const balance = formatMoney(line.balance, currency, locale);
            return (
              <tr key={line.id}>
                <td className="hidden p-2 align-top whitespace-nowrap sm:table-cell">{date}</td>
                <td className="p-2 align-top wrap-anywhere">
                  <span className="block">{line.what}</span>
                  <span className="block text-sm text-fg-muted">
                    {t(`type.${line.type}`)}
                    {line.provider ? ` · ${t("statement.paidBy", { provider: line.provider })}` : ""}
                  </span>
                  {/* On a phone the date and the balance join this cell: four columns do not fit. */}
                  <span className="block text-sm text-fg-muted sm:hidden">{date}</span>
                  <span className="block text-sm text-fg-muted sm:hidden">
                    {t("statement.balanceAfterValue", { balance })}
                  </span>
                </td>
                <td className="p-2 text-end align-top whitespace-nowrap tabular-nums">
                  {formatSignedMoney(line.amount, currency, locale)}
                </td>
                <td className="hidden p-2 text-end align-top whitespace-nowrap tabular-nums sm:table-cell">
                  {balance}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Loading() {
  const t = useTranslations("credit.statement");
  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only">{t("loading")}</p>
      <SkeletonLine className="h-36 w-full" />
      {[1, 2, 3, 4].map((row) => (
        <SkeletonLine key={row} className="h-8 w-full" />
      ))}
    </div>
  );
}

interface StatementSectionProps {
  currency: string;
  locale: string;
  filter: StatementFilterState;
  page: number;
  /** A new filter (the page goes back to 1). */
  onFilter: (next: StatementFilterState) => void;
  onPage: (page: number) => void;
  statement: UseQueryResult<Answer<typeof statementResponse>>;
  history: UseQueryResult<Answer<typeof historyResponse>>;
}

/** The statement: filters, the balance chart, the lines page by page, Download CSV. */
export function StatementSection({
  currency,
  locale,
  filter,
  page,
  onFilter,
  onPage,
  statement,
  history,
}: StatementSectionProps) {
  const t = useTranslations("credit");
  const pages = statement.data ? Math.max(1, Math.ceil(statement.data.count / statement.data.pageSize)) : 1;
  const statementError = useShownError(statement);
  const historyError = useShownError(history);
  const problem = (query: typeof statement | typeof history, error: unknown) => (
    <PanelProblem
      error={error}
      headline={t("statement.failed")}
      notPermitted={t("statement.failed")}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
  if (statement.data?.offered === false || history.data?.offered === false) {
    return (
      <PanelSection title={t("statement.heading")} busy={false}>
        <p className="rounded-card border border-dashed border-border p-4 text-fg-muted">{t("statement.notOffered")}</p>
      </PanelSection>
    );
  }
  return (
    <PanelSection title={t("statement.heading")} busy={statement.isFetching || history.isFetching}>
      <Filters filter={filter} onChange={onFilter} />
      <h3 className="text-lg font-semibold">{t("chart.heading")}</h3>
      {history.data ? (
        <BalanceChart history={history.data} days={filter.days} currency={currency} locale={locale} />
      ) : historyError ? (
        problem(history, historyError)
      ) : (
        <SkeletonLine className="h-36 w-full" />
      )}
      {statement.data ? (
        statement.data.lines.length === 0 ? (
          <p className="text-fg-muted">{t("statement.empty")}</p>
        ) : (
          <>
            <StatementTable lines={statement.data.lines} currency={currency} locale={locale} />
            <nav aria-label={t("statement.pageOf", { page, pages })} className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={() => onPage(page - 1)} aria-disabled={page <= 1}>
                {t("statement.previous")}
              </Button>
              <p aria-live="polite">{t("statement.pageOf", { page, pages })}</p>
              <Button variant="secondary" onClick={() => onPage(page + 1)} aria-disabled={page >= pages}>
                {t("statement.next")}
              </Button>
            </nav>
          </>
        )
      ) : statementError ? (
        problem(statement, statementError)
      ) : (
        <Loading />
      )}
    </PanelSection>
  );
}
