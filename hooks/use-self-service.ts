"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { meResponse } from "@/app/api/me/schema";
import type { newPinResponse, NewPinRequest, proofNeededResponse } from "@/app/api/profile/pin/schema";
import type { passwordResponse, PasswordRequest } from "@/app/api/profile/password/schema";
import type { ProfileRequest } from "@/app/api/profile/schema";
import type { selfServiceResponse } from "@/app/api/profile/settings/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson } from "@/lib/browser-safe/fetch-json";
import { readAgainOnFocusAfter } from "@/lib/browser-safe/query-client";
import { queryKeys } from "@/lib/browser-safe/query-keys";
import { selfServiceSettingsPath } from "@/lib/browser-safe/profile/settings-path";

// The profile page's data: what the server lets people change, and the three
// changes. The profile itself is the account's read (hooks/use-account.ts).

export function useSelfServiceSettings() {
  return useQuery({
    queryKey: queryKeys.selfService,
    queryFn: () => fetchJson<Answer<typeof selfServiceResponse>>(selfServiceSettingsPath),
    refetchOnWindowFocus: readAgainOnFocusAfter(5 * 60_000),
  });
}

/** Which proof "Get a new PIN" asks for; read when the form opens, as a sign-in ages. */
export function useNewPinProof(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.newPinProof,
    queryFn: () => fetchJson<Answer<typeof proofNeededResponse>>("/api/profile/pin"),
    enabled,
    staleTime: 0,
  });
}

type Profile = Answer<typeof meResponse>;

/**
 * Saves the person's own changes; the answer is the profile as it now is,
 * which every page shows from then on. A new language: the answer set this
 * device's language cookie, and the server parts of the page are rendered
 * again in it (the client parts follow through the language provider).
 */
export function useUpdateProfile() {
  const client = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (changes: ProfileRequest) =>
      fetchJson<Profile>("/api/profile", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(changes),
      }),
    onSuccess: (profile, changes) => {
      client.setQueryData(queryKeys.profile, profile);
      if (changes.language) router.refresh();
    },
  });
}

/** Changes the password: nothing the cache holds shows it, and the cache forgets what was sent once the form has gone. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordRequest) => postJson<Answer<typeof passwordResponse>>("/api/profile/password", change),
    gcTime: 0,
  });
}

/**
 * A new PIN: never retried, shown by no query, and forgotten by the cache as
 * soon as the form lets go of it (`reset`, or the form leaving the page).
 */
export function useNewPin() {
  return useMutation({
    mutationFn: async (proof: NewPinRequest) =>
      (await postJson<Answer<typeof newPinResponse>>("/api/profile/pin", proof)).pin,
    gcTime: 0,
  });
}
