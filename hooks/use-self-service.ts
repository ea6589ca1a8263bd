"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import type { meResponse } from "@/app/api/me/schema";
import type { newPinResponse, NewPinRequest } from "@/app/api/profile/pin/schema";
import type { passwordResponse, PasswordRequest } from "@/app/api/profile/password/schema";
import type { ProfileRequest } from "@/app/api/profile/schema";
import type { selfServiceResponse } from "@/app/api/profile/settings/schema";
import type { Answer } from "@/lib/browser-safe/answer";
import { fetchJson, postJson } from "@/lib/browser-safe/fetch-json";
import { selfServiceSettingsPath } from "@/lib/browser-safe/profile/settings-path";
import { usePortalAction } from "./use-portal-action";
import { usePortalRead } from "./use-portal-read";

// The profile page's data: what the server lets people change, and the three
// changes. The profile itself is the account's read (hooks/use-account.ts).

export function useSelfServiceSettings() {
  return usePortalRead<Answer<typeof selfServiceResponse>>(selfServiceSettingsPath, {
    refreshOnFocusAfterMs: 5 * 60_000,
  });
}

type Profile = Answer<typeof meResponse>;

/**
 * Saves the person's own changes; `saved` gets the profile as it is now. A
 * new language: the answer set this device's language cookie, and the
 * server parts of the page are rendered again in it (the client parts follow
 * through the language provider).
 */
export function useUpdateProfile(saved: (profile: Profile) => void) {
  const router = useRouter();
  const send = useCallback(
    async (changes: ProfileRequest) => {
      const profile = await fetchJson<Profile>("/api/profile", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(changes),
      });
      // Here rather than in the form's own callback, which is skipped when the form is no longer on screen.
      saved(profile);
      if (changes.language) router.refresh();
      return profile;
    },
    [router, saved],
  );
  return usePortalAction(send);
}

const changePassword = (change: PasswordRequest) =>
  postJson<Answer<typeof passwordResponse>>("/api/profile/password", change);

export function useChangePassword() {
  return usePortalAction(changePassword);
}

const newPin = async (proof: NewPinRequest) =>
  (await postJson<Answer<typeof newPinResponse>>("/api/profile/pin", proof)).pin;

/** Never retried and never kept elsewhere: the PIN lives only in this action's result until reset. */
export function useNewPin() {
  return usePortalAction(newPin);
}
