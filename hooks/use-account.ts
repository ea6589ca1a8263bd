"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "@/app/api/me/schema";
import type { MoneyOverview } from "@/app/api/account/money/schema";
import { moneyOverviewPath, ownProfilePath } from "@/lib/browser-safe/account/read-paths";
import { fetchJson } from "@/lib/browser-safe/fetch-json";
import { readAgainOnFocusAfter } from "@/lib/browser-safe/query-client";
import { queryKeys } from "@/lib/browser-safe/query-keys";

// The account's two reads, each a panel of its own that loads, fails and
// retries apart. Each page that shows them shows the tab's cached answer at
// once and reads them again behind it. A page whose server read them passes
// that answer as `initial` (lib/account/first-paint.ts).

/** An answer the server read while it rendered the page, and when (server clock). */
export interface InitialRead<T> {
  data: T;
  at: number;
}

/** Balances change with every print: read again whenever the tab comes back, too. */
export const moneyOverviewQuery = queryOptions({
  queryKey: queryKeys.money,
  queryFn: () => fetchJson<MoneyOverview>(moneyOverviewPath),
});

/** The profile changes rarely: read again on the tab's return after five minutes. */
export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: () => fetchJson<MeResponse>(ownProfilePath),
  refetchOnWindowFocus: readAgainOnFocusAfter(5 * 60_000),
});

/** The page came with `initial`: the cache holding just that is not read again as the page comes. */
export function withInitial<T>(initial: InitialRead<T> | undefined) {
  return {
    initialData: initial?.data,
    initialDataUpdatedAt: initial?.at,
    refetchOnMount: (query: { state: { dataUpdatedAt: number } }) =>
      initial === undefined || query.state.dataUpdatedAt !== initial.at,
  };
}

export function useMoneyOverview(initial?: InitialRead<MoneyOverview>) {
  return useQuery({ ...moneyOverviewQuery, ...withInitial(initial) });
}

export function useProfile(initial?: InitialRead<MeResponse>) {
  return useQuery({ ...profileQuery, ...withInitial(initial) });
}
