"use client";

import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useTranslations } from "@/hooks/use-translations";
import { Button } from "@/components/ui/button";
import { accountQueryKey } from "@/hooks/use-account";
import { formatClockTime } from "@/lib/browser-safe/time-format";

/**
 * "Last updated" (the oldest figure on the page, so it never claims more than
 * is true) and a Refresh control that reloads every panel.
 */
export function RefreshBar({ updatedAt, locale }: { updatedAt: number | undefined; locale: string }) {
  const t = useTranslations("account");
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: accountQueryKey }) > 0;
  const refresh = () => {
    if (!fetching) void queryClient.refetchQueries({ queryKey: accountQueryKey });
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-fg-muted">
        {updatedAt ? t("lastUpdated", { time: formatClockTime(updatedAt, locale) }) : t("loadingAll")}
      </p>
      <Button variant="secondary" onClick={refresh} aria-busy={fetching}>
        <RefreshCw
          aria-hidden="true"
          className={`size-5 ${fetching ? "animate-spin motion-reduce:animate-none" : ""}`}
        />
        {t("refresh")}
      </Button>
    </div>
  );
}
