import { useTranslations } from "next-intl";
import { formatMoney } from "@/lib/browser-safe/money-format";
import type { CreditAccountView } from "@/app/api/account/money/schema";

/** A credit account and its balance; below zero is said in words, not only in colour. */
export function CreditAccountRow({
  account,
  currency,
  locale,
}: {
  account: CreditAccountView;
  currency: string;
  locale: string;
}) {
  const t = useTranslations("account.balance");
  const negative = account.balance < 0;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <span className="flex flex-col">
        <span className="font-medium">{account.name}</span>
        {account.minimumBalance !== null && account.minimumBalance < 0 ? (
          <span className="text-sm text-fg-muted">
            {t("canGoDownTo", { amount: formatMoney(account.minimumBalance, currency, locale) })}
          </span>
        ) : null}
      </span>
      <span className={`flex items-baseline gap-2 tabular-nums ${negative ? "text-danger-text" : ""}`}>
        {negative ? <span className="rounded-md bg-danger-bg px-2 text-sm font-medium">{t("belowZero")}</span> : null}
        <span className="text-lg font-semibold">{formatMoney(account.balance, currency, locale)}</span>
      </span>
    </li>
  );
}
