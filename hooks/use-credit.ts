"use client";

import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { historyResponse } from "@/app/api/credit/history/schema";
import type { statementResponse } from "@/app/api/credit/statement/schema";
import type { voucherResponse, VoucherRequest } from "@/app/api/credit/vouchers/schema";
import {
  balanceHistoryPath,
  statementPath,
  vouchersPath,
  type StatementFilterState,
} from "@/lib/browser-safe/credit/read-paths";
import type { StatementPeriod } from "@/lib/browser-safe/credit/statement";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson } from "@/lib/browser-safe/fetch-json";
import { readAgainOnFocusAfter } from "@/lib/browser-safe/query-client";
import { queryKeys } from "@/lib/browser-safe/query-keys";

// The Credit page's statement, balance chart and vouchers; its balance is
// the account's (hooks/use-account.ts), shared with Home and Jobs.

const afterHalfMinute = readAgainOnFocusAfter(30_000);

/** One page of the statement; null: not yet (nothing is read). The old page stays on screen while the next loads. */
export function useStatement(filter: StatementFilterState | null, page: number) {
  return useQuery({
    queryKey: queryKeys.statement(filter, page),
    queryFn: filter ? () => fetchJson<Answer<typeof statementResponse>>(statementPath(filter, page)) : skipToken,
    refetchOnWindowFocus: afterHalfMinute,
    placeholderData: keepPreviousData,
  });
}

/** The balance over a period; null: not yet. */
export function useBalanceHistory(days: StatementPeriod | null) {
  return useQuery({
    queryKey: queryKeys.balanceHistory(days),
    queryFn: days ? () => fetchJson<Answer<typeof historyResponse>>(balanceHistoryPath(days)) : skipToken,
    refetchOnWindowFocus: afterHalfMinute,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/credit/vouchers: whether this server takes vouchers at all. */
interface VoucherAvailability {
  available: boolean;
}

export function useVoucherAvailability() {
  return useQuery({
    queryKey: queryKeys.vouchers,
    queryFn: () => fetchJson<VoucherAvailability>(vouchersPath),
    refetchOnWindowFocus: readAgainOnFocusAfter(5 * 60_000),
  });
}

/** Redeems a voucher: the balance, the statement and the chart change with it. The cache forgets the code once the form has gone. */
export function useRedeemVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: VoucherRequest) => postJson<Answer<typeof voucherResponse>>(vouchersPath, request),
    gcTime: 0,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.money });
      void client.invalidateQueries({ queryKey: queryKeys.statements });
      void client.invalidateQueries({ queryKey: queryKeys.balanceHistories });
    },
  });
}
