import { useTranslations } from "next-intl";
import { useId } from "react";
import type { QuotaAccountView } from "@/app/api/account/money/schema";

/** One quota: its name, "N of M pages left", and a meter that says the same. */
export function QuotaMeter({ account }: { account: QuotaAccountView }) {
  const t = useTranslations("account.balance");
  const nameId = useId();
  const period = account.period ?? "none";
  const text =
    account.pagesLimit === null
      ? t("pagesLeft", { left: account.pagesLeft, period })
      : t("pagesLeftOfLimit", { left: account.pagesLeft, limit: account.pagesLimit, period });
  const percent = account.pagesLimit ? (account.pagesLeft / account.pagesLimit) * 100 : 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span id={nameId} className="font-medium">
          {account.name}
        </span>
        <span className="tabular-nums text-fg-muted">{text}</span>
      </div>
      {account.pagesLimit !== null ? (
        <div
          role="meter"
          aria-labelledby={nameId}
          aria-valuemin={0}
          aria-valuemax={account.pagesLimit}
          aria-valuenow={account.pagesLeft}
          aria-valuetext={text}
          className="h-3 overflow-hidden rounded-full border border-border bg-surface-muted"
        >
          <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}
