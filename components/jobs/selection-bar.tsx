"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";

interface SelectionBarProps {
  count: number;
  total: string;
  /** Null when the server keeps no credit: the total is shown alone. */
  available: string | null;
  /** What the selection costs beyond what is available; null when it is covered. */
  shortfall: string | null;
  busy: boolean;
  /** On a phone the bar sits above the thumb bar. */
  aboveBottomNav: boolean;
  onRelease: () => void;
  onDelete: () => void;
}

/**
 * The selection's total against what is left, and its two actions; stays in
 * view while scrolling. On a phone its buttons share one row, halves of it
 * without their icons (a long label wraps in its button), so the bar covers
 * less of the list in every language.
 */
export function SelectionBar({
  count,
  total,
  available,
  shortfall,
  busy,
  aboveBottomNav,
  onRelease,
  onDelete,
}: SelectionBarProps) {
  const t = useTranslations("jobs");
  return (
    <div
      role="region"
      aria-label={t("selectionLabel")}
      className={`sticky z-10 flex flex-col gap-2 rounded-card border border-border bg-surface p-3 shadow-lg sm:p-4 ${aboveBottomNav ? "bottom-[calc(4rem+env(safe-area-inset-bottom))] sm:bottom-4" : "bottom-2"}`}
    >
      <p aria-live="polite" className="font-semibold">
        {available !== null ? t("selection", { count, total, available }) : t("selectionNoBalance", { count, total })}
      </p>
      {shortfall ? (
        <p role="alert" className="text-danger-text">
          {t("notEnough", { shortfall })}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button aria-disabled={busy} onClick={onRelease}>
          <Icon name="printer" className="size-5 max-sm:hidden" />
          {t("release")}
        </Button>
        <Button variant="secondary" aria-disabled={busy} onClick={onDelete}>
          <Icon name="delete" className="size-5 max-sm:hidden" />
          {t("deleteSelected")}
        </Button>
      </div>
    </div>
  );
}
