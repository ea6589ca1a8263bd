"use client";

import type { historyResponse } from "@/app/api/credit/history/schema";
import type { statementResponse } from "@/app/api/credit/statement/schema";
import type { StatementPeriod, StatementType } from "@/lib/browser-safe/credit/statement";
import type { voucherResponse, VoucherRequest } from "@/app/api/credit/vouchers/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { postJson } from "@/lib/browser-safe/fetch-json";
import { usePortalAction } from "./use-portal-action";
import { usePortalRead } from "./use-portal-read";

// The credit page's statement, balance chart and vouchers. The page
// (components/credit/credit-view.tsx) owns them with the balance, and reads
// them all again after a voucher.

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

const everyHalfMinute = { refreshOnFocusAfterMs: 30_000 };

/** One page of the statement; null: not yet (nothing is read). The old page stays on screen while the next loads. */
export function useStatement(filter: StatementFilterState | null, page: number) {
  return usePortalRead<Answer<typeof statementResponse>>(
    filter && `/api/credit/statement?${filterQuery(filter, { page: String(page) })}`,
    everyHalfMinute,
  );
}

export function useBalanceHistory(days: StatementPeriod | null) {
  return usePortalRead<Answer<typeof historyResponse>>(days && `/api/credit/history?days=${days}`, everyHalfMinute);
}

/** GET /api/credit/vouchers: whether this server takes vouchers at all. */
interface VoucherAvailability {
  available: boolean;
}

export function useVoucherAvailability() {
  return usePortalRead<VoucherAvailability>("/api/credit/vouchers", { refreshOnFocusAfterMs: 5 * 60_000 });
}

const redeemVoucher = (request: VoucherRequest) =>
  postJson<Answer<typeof voucherResponse>>("/api/credit/vouchers", request);

/** Redeems a voucher; the page reads the balance, statement and chart again after it. */
export function useRedeemVoucher() {
  return usePortalAction(redeemVoucher);
}
