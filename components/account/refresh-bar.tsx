"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/icons/icon-provider";
import { useHydrated } from "@/hooks/use-hydrated";
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
  // Figures the server read come with the page; their time is written in the
  // browser's time zone, which the server does not know: it is added once
  // the page is hydrated (the line keeps its height until then).
  const hydrated = useHydrated();
  const status = !updatedAt
    ? t("loadingAll")
    : hydrated
      ? t("lastUpdated", { time: formatClockTime(updatedAt, locale) })
      : "\u00a0";
  // On a phone the line and the control take a row each: side by side, the
  // time added at hydration pushed Refresh onto a row of its own in German
  // and Czech, and every panel below moved down under the person's thumb.
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:gap-3">
      <p role="status" className="text-fg-muted">
        {status}
      </p>
      <Button variant="secondary" onClick={onRefresh} aria-busy={fetching}>
        <Icon name="refresh" className={`size-5 ${fetching ? "animate-spin motion-reduce:animate-none" : ""}`} />
        {t("refresh")}
      </Button>
    </div>
  );
}
