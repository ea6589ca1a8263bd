"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { PanelProblem } from "@/components/account/panel-problem";
import { SkeletonLine } from "@/components/account/skeleton-line";
import { useMoneyOverview } from "@/hooks/use-account";
import { useBalanceHistory, useStatement } from "@/hooks/use-credit";
import { useFormatLocale } from "@/hooks/use-format-locale";
import { useShownError } from "@/hooks/use-shown-error";
import { defaultStatementFilter, type StatementFilterState } from "@/lib/browser-safe/credit/read-paths";
import { formatMoney } from "@/lib/browser-safe/money-format";
import { StatementSection } from "./statement-section";
import { VoucherSection } from "./voucher-section";

/** The credit page: the balance, largest; Add credit; the statement with its chart. */
export function CreditView() {
  const t = useTranslations("credit");
  const locale = useFormatLocale();
  // The balance Home and Jobs read too: shown at once from the tab's cache, and read again.
  const money = useMoneyOverview();
  const moneyError = useShownError(money);
  const labelId = useId();
  const overview = money.data;
  // The statement and chart, read once the balance says there is credit.
  const [filter, setFilter] = useState<StatementFilterState>(defaultStatementFilter);
  const [page, setPage] = useState(1);
  const withCredit = overview?.credit ? filter : null;
  const statement = useStatement(withCredit, page);
  const history = useBalanceHistory(withCredit && withCredit.days);
  if (overview && !overview.credit) return <p className="text-fg-muted">{t("noCredit")}</p>;
  return (
    <div className="flex flex-col gap-6">
      <div role="group" aria-labelledby={labelId} aria-busy={money.isPending} className="flex flex-col gap-1">
        <p id={labelId} className="font-medium text-fg-muted">
          {t("available")}
        </p>
        {overview?.credit ? (
          <p data-testid="available-to-print" className="text-5xl font-bold leading-none tabular-nums sm:text-6xl">
            {formatMoney(overview.credit.availableToPrint, overview.currency, locale)}
          </p>
        ) : moneyError ? (
          <PanelProblem
            error={moneyError}
            headline={t("balanceFailed")}
            notPermitted={t("balanceFailed")}
            onRetry={() => void money.refetch()}
            retrying={money.isFetching}
          />
        ) : (
          <SkeletonLine className="h-12 w-48" />
        )}
      </div>
      {overview ? (
        <>
          <VoucherSection currency={overview.currency} locale={locale} />
          <StatementSection
            currency={overview.currency}
            locale={locale}
            filter={filter}
            page={page}
            onFilter={(next) => {
              setFilter(next);
              setPage(1);
            }}
            onPage={setPage}
            statement={statement}
            history={history}
          />
        </>
      ) : null}
    </div>
  );
}
