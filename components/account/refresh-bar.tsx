"use client";

import { useTranslations } from "@/hooks/use-translations";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import { formatClockTime } from "@/lib/browser-safe/time-format";

/**
 * "Last updated" (the oldest figure on the page, so it never claims more than
 * is true) and a Refresh control that reloads every panel.
 */
export function RefreshBar({
  updatedAt,
  locale,
  fetching,
  onRefresh,
}: {
  updatedAt: number | undefined;
  locale: string;
  /** A panel is loading: the control says so, and another press waits for it. */
  fetching: boolean;
  onRefresh: () => void;
}) {
  const t = useTranslations("account");
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-fg-muted">
        {updatedAt ? t("lastUpdated", { time: formatClockTime(updatedAt, locale) }) : t("loadingAll")}
      </p>
      <Button variant="secondary" onClick={onRefresh} aria-busy={fetching}>
        <Icon name="refresh" className={`size-5 ${fetching ? "animate-spin motion-reduce:animate-none" : ""}`} />
        {t("refresh")}
      </Button>
    </div>
  );
}
