"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { historyResponse } from "@/app/api/credit/history/schema";
import type { statementResponse } from "@/app/api/credit/statement/schema";
import type { StatementPeriod, StatementType } from "@/lib/browser-safe/credit/statement";
import type { voucherResponse, VoucherRequest } from "@/app/api/credit/vouchers/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson, retryOnce } from "@/lib/browser-safe/fetch-json";
import { accountQueryKey } from "./use-account";

// The credit page's statement and balance chart. Keys start with "account",
// so a voucher (or the home page's Refresh) refetches them with the balance.

export interface StatementFilterState {
  days: StatementPeriod;
  type: StatementType | "";
}

/** The query string of a filter, for the page, the chart and the CSV alike. */
export function filterQuery(filter: StatementFilterState, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    days: String(filter.days),
    ...(filter.type ? { type: filter.type } : {}),
    ...extra,
  });
  return query.toString();
}

export function useStatement(filter: StatementFilterState, page: number) {
  return useQuery({
    queryKey: [...accountQueryKey, "statement", filter.days, filter.type, page],
    queryFn: () =>
      fetchJson<Answer<typeof statementResponse>>(
        `/api/credit/statement?${filterQuery(filter, { page: String(page) })}`,
      ),
    // The old page stays on screen while the next loads: no jump.
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

export function useBalanceHistory(days: StatementPeriod) {
  return useQuery({
    queryKey: [...accountQueryKey, "history", days],
    queryFn: () => fetchJson<Answer<typeof historyResponse>>(`/api/credit/history?days=${days}`),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** GET /api/credit/vouchers: whether this server takes vouchers at all. */
interface VoucherAvailability {
  available: boolean;
}

export function useVoucherAvailability() {
  return useQuery({
    queryKey: ["credit", "vouchers"],
    queryFn: () => fetchJson<VoucherAvailability>("/api/credit/vouchers"),
    staleTime: 5 * 60_000,
    retry: retryOnce,
  });
}

/** Redeems a voucher; the balance, statement and chart everywhere are fetched again after it. */
export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VoucherRequest) => postJson<Answer<typeof voucherResponse>>("/api/credit/vouchers", request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
