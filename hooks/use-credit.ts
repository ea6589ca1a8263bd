"use client";

import type { historyResponse } from "@/app/api/credit/history/schema";
import type { statementResponse } from "@/app/api/credit/statement/schema";
import {
  balanceHistoryPath,
  statementPath,
  vouchersPath,
  type StatementFilterState,
} from "@/lib/browser-safe/credit/read-paths";
import type { StatementPeriod } from "@/lib/browser-safe/credit/statement";
import type { voucherResponse, VoucherRequest } from "@/app/api/credit/vouchers/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { postJson } from "@/lib/browser-safe/fetch-json";
import { usePortalAction } from "./use-portal-action";
import { usePortalRead } from "./use-portal-read";

// The credit page's statement, balance chart and vouchers. The page
// (components/credit/credit-view.tsx) owns them with the balance, and reads
// them all again after a voucher.

const everyHalfMinute = { refreshOnFocusAfterMs: 30_000 };

/** One page of the statement; null: not yet (nothing is read). The old page stays on screen while the next loads. */
export function useStatement(filter: StatementFilterState | null, page: number) {
  return usePortalRead<Answer<typeof statementResponse>>(filter && statementPath(filter, page), everyHalfMinute);
}

export function useBalanceHistory(days: StatementPeriod | null) {
  return usePortalRead<Answer<typeof historyResponse>>(days && balanceHistoryPath(days), everyHalfMinute);
}

/** GET /api/credit/vouchers: whether this server takes vouchers at all. */
interface VoucherAvailability {
  available: boolean;
}

export function useVoucherAvailability() {
  return usePortalRead<VoucherAvailability>(vouchersPath, { refreshOnFocusAfterMs: 5 * 60_000 });
}

const redeemVoucher = (request: VoucherRequest) => postJson<Answer<typeof voucherResponse>>(vouchersPath, request);

/** Redeems a voucher; the page reads the balance, statement and chart again after it. */
export function useRedeemVoucher() {
  return usePortalAction(redeemVoucher);
}
