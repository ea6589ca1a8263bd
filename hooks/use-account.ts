"use client";

import { useQuery } from "@tanstack/react-query";
import type { meResponse } from "@/app/api/me/schema";
import type { moneyResponse } from "@/app/api/account/money/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, retryOnce } from "@/lib/browser-safe/fetch-json";

// One query per panel, so each loads, fails and retries on its own. Every key
// starts with "account" so the Refresh control can refetch them together.

export const accountQueryKey = ["account"] as const;

/** Balances change with every print: never served from a stale cache. */
export function useMoneyOverview() {
  return useQuery({
    queryKey: [...accountQueryKey, "money"],
    queryFn: () => fetchJson<Answer<typeof moneyResponse>>("/api/account/money"),
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: retryOnce,
  });
}

/** The profile changes rarely; it is refetched on focus after five minutes. */
export function useProfile() {
  return useQuery({
    queryKey: [...accountQueryKey, "profile"],
    queryFn: () => fetchJson<Answer<typeof meResponse>>("/api/me"),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
    retry: retryOnce,
  });
}
