import { useTranslations } from "next-intl";
import { useId } from "react";
import type { QuotaAccountView } from "@/app/api/account/money/schema";

/**
 * One quota: its name, "N of M pages left", and a meter that says the same.
 * A server that does not say what is left (a real MyQ X may not) gets the
 * limit alone and a plain sentence, no meter.
 */
export function QuotaMeter({ account }: { account: QuotaAccountView }) {
  const t = useTranslations("account.balance");
  const nameId = useId();
  const period = account.period ?? "none";
  const { pagesLeft, pagesLimit } = account;
  const text =
    pagesLeft === null
      ? pagesLimit === null
        ? null
        : t("limitOnly", { limit: pagesLimit, period })
      : pagesLimit === null
        ? t("pagesLeft", { left: pagesLeft, period })
        : t("pagesLeftOfLimit", { left: pagesLeft, limit: pagesLimit, period });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span id={nameId} className="font-medium">
          {account.name}
        </span>
        {text ? <span className="tabular-nums text-fg-muted">{text}</span> : null}
      </div>
      {pagesLeft === null ? (
        <p className="text-sm text-fg-muted">{t("pagesLeftNotOffered")}</p>
      ) : pagesLimit !== null ? (
        <div
          role="meter"
          aria-labelledby={nameId}
          aria-valuemin={0}
          aria-valuemax={pagesLimit}
          aria-valuenow={pagesLeft}
          aria-valuetext={text ?? undefined}
          className="h-3 overflow-hidden rounded-full border border-border bg-surface-muted"
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${pagesLimit ? (pagesLeft / pagesLimit) * 100 : 0}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
