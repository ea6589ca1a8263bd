"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { formatMoney } from "@/lib/browser-safe/money-format";
import type { MoneyOverview } from "@/app/api/account/money/schema";
import type { UseQueryResult } from "@tanstack/react-query";
import { CreditAccountRow } from "./credit-account-row";
import { SkeletonLine } from "./skeleton-line";
import { QueryPanel } from "./query-panel";
import { QuotaMeter } from "./quota-meter";

function MoneySkeleton() {
  const t = useTranslations("account.balance");
  return (
    <div className="flex flex-col gap-6">
      <p className="sr-only">{t("loading")}</p>
      <div className="flex flex-col gap-2">
        <SkeletonLine className="h-6 w-36" />
        <SkeletonLine className="h-12 w-48" />
      </div>
      <div className="flex flex-col gap-3">
        <SkeletonLine className="h-6 w-20" />
        <SkeletonLine className="h-11 w-full" />
      </div>
      <div className="flex flex-col gap-3">
        <SkeletonLine className="h-6 w-28" />
        <SkeletonLine className="h-6 w-full" />
        <SkeletonLine className="h-3 w-full" />
      </div>
    </div>
  );
}

function MoneyDetails({ overview, locale }: { overview: MoneyOverview; locale: string }) {
  const t = useTranslations("account.balance");
  const labelId = useId();
  const { credit, quota, currency } = overview;
  if (!credit && !quota) return <p className="text-fg-muted">{t("nothingTracked")}</p>;
  return (
    <div className="flex flex-col gap-6">
      {credit && credit.accounts.length > 0 ? (
        // The one figure people come for: the largest thing on the page.
        <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1">
          <p id={labelId} className="font-medium text-fg-muted">
            {t("availableToPrint")}
          </p>
          <p data-testid="available-to-print" className="text-5xl font-bold leading-none tabular-nums sm:text-6xl">
            {formatMoney(credit.availableToPrint, currency, locale)}
          </p>
        </div>
      ) : null}
      {credit ? (
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold">{t("creditHeading")}</h3>
          {credit.accounts.length > 0 ? (
            <ul className="divide-y divide-border">
              {credit.accounts.map((account, index) => (
                <CreditAccountRow key={index} account={account} currency={currency} locale={locale} />
              ))}
            </ul>
          ) : (
            <p className="text-fg-muted">{t("noCreditAccount")}</p>
          )}
        </div>
      ) : null}
      {quota ? (
        <div className="flex flex-col gap-3">
          <h3 className="font-semibold">{t("quotaHeading")}</h3>
          {quota.accounts.length > 0 ? (
            <ul className="flex flex-col gap-4">
              {quota.accounts.map((account, index) => (
                <li key={index}>
                  <QuotaMeter account={account} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-fg-muted">{t("noQuota")}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Credit and quota: loads, fails and retries on its own. */
export function MoneyPanel({ read, locale }: { read: UseQueryResult<MoneyOverview>; locale: string }) {
  return (
    <QueryPanel namespace="account.balance" query={read} locale={locale} skeleton={<MoneySkeleton />}>
      {(overview) => <MoneyDetails overview={overview} locale={locale} />}
    </QueryPanel>
  );
}
