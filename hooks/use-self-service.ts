"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { meResponse } from "@/app/api/me/schema";
import type { newPinResponse, NewPinRequest } from "@/app/api/profile/pin/schema";
import type { passwordResponse, PasswordRequest } from "@/app/api/profile/password/schema";
import type { ProfileRequest } from "@/app/api/profile/schema";
import type { selfServiceResponse } from "@/app/api/profile/settings/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson, retryOnce } from "@/lib/browser-safe/fetch-json";
import { accountQueryKey } from "./use-account";

// The profile page's data: what the server lets people change, and the three
// changes. The profile itself is the account's query (hooks/use-account.ts),
// so the home page shows a saved change at once.

export function useSelfServiceSettings() {
  return useQuery({
    queryKey: ["self-service", "settings"],
    queryFn: () => fetchJson<Answer<typeof selfServiceResponse>>("/api/profile/settings"),
    staleTime: 5 * 60_000,
    retry: retryOnce,
  });
}

/**
 * Saves the person's own changes. A new language: the answer set this
 * device's language cookie, and the server parts of the page are rendered
 * again in it (the client parts follow through the language provider).
 * Here rather than in the form's own callback, which is skipped when the form
 * is no longer on screen when the answer comes.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (changes: ProfileRequest) =>
      fetchJson<Answer<typeof meResponse>>("/api/profile", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(changes),
      }),
    onSuccess: (profile, changes) => {
      queryClient.setQueryData([...accountQueryKey, "profile"], profile);
      if (changes.language) router.refresh();
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordRequest) => postJson<Answer<typeof passwordResponse>>("/api/profile/password", change),
  });
}

/** Never retried and never cached: the PIN lives only in this mutation's result until the page moves on. */
export function useNewPin() {
  return useMutation({
    mutationFn: async (proof: NewPinRequest) =>
      (await postJson<Answer<typeof newPinResponse>>("/api/profile/pin", proof)).pin,
    gcTime: 0,
  });
}
