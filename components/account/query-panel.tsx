"use client";

import { useTranslations } from "next-intl";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useShownError } from "@/hooks/use-shown-error";
import { formatClockTime } from "@/lib/browser-safe/time-format";
import { isNotPermitted, PanelProblem } from "./panel-problem";
import { PanelSection } from "./panel-section";

interface QueryPanelProps<T extends object> {
  /**
   * The panel's texts: `heading`, `failed` (nothing to show), `staleFailed`
   * (old figures shown, as of {time}) and `notPermitted`.
   */
  namespace: "account.balance" | "account.profile";
  query: UseQueryResult<T>;
  locale: string;
  /** Stands in while the first answer loads. */
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A panel fed by one query: its skeleton while loading, its data, and a
 * problem it tells inline, above the last figures when there are any.
 */
export function QueryPanel<T extends object>({ namespace, query, locale, skeleton, children }: QueryPanelProps<T>) {
  const t = useTranslations(namespace);
  const error = useShownError(query);
  const problem = (headline: string) => (
    <PanelProblem
      error={error}
      headline={headline}
      notPermitted={t("notPermitted")}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
  return (
    <PanelSection title={t("heading")} busy={query.isPending}>
      {query.data !== undefined ? (
        <>
          {error ? problem(t("staleFailed", { time: formatClockTime(query.dataUpdatedAt, locale) })) : null}
          {isNotPermitted(error) ? null : children(query.data)}
        </>
      ) : error ? (
        problem(t("failed"))
      ) : (
        skeleton
      )}
    </PanelSection>
  );
}
