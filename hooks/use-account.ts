"use client";

import type { meResponse } from "@/app/api/me/schema";
import type { moneyResponse } from "@/app/api/account/money/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { usePortalRead } from "./use-portal-read";

// One read per panel, so each loads, fails and retries on its own.

/** Balances change with every print: read again whenever the tab comes back. */
export function useMoneyOverview() {
  return usePortalRead<Answer<typeof moneyResponse>>("/api/account/money", { refreshOnFocusAfterMs: 0 });
}

/** The profile changes rarely; it is read again on focus after five minutes. */
export function useProfile() {
  return usePortalRead<Answer<typeof meResponse>>("/api/me", { refreshOnFocusAfterMs: 5 * 60_000 });
}
