"use client";

import type { MeResponse } from "@/app/api/me/schema";
import type { MoneyOverview } from "@/app/api/account/money/schema";
import { moneyOverviewPath, ownProfilePath } from "@/lib/browser-safe/account/read-paths";
import { usePortalRead, type InitialRead } from "./use-portal-read";

// One read per panel, so each loads, fails and retries on its own. A page
// that read the figures while it was rendered passes them as `initial`.

/** Balances change with every print: read again whenever the tab comes back. */
export function useMoneyOverview(initial?: InitialRead<MoneyOverview>) {
  return usePortalRead<MoneyOverview>(moneyOverviewPath, { refreshOnFocusAfterMs: 0, initial });
}

/** The profile changes rarely; it is read again on focus after five minutes. */
export function useProfile(initial?: InitialRead<MeResponse>) {
  return usePortalRead<MeResponse>(ownProfilePath, { refreshOnFocusAfterMs: 5 * 60_000, initial });
}
