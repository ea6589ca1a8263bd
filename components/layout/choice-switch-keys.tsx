"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { sendPreference } from "@/lib/browser-safe/send-preference";

/**
 * With a script, a switch on the sign-in page (choice-switch.tsx) changes the
 * language or theme in place, as the user menu does: a user name typed before
 * switching stays, and so does the focus. Without one the form posts and the
 * page comes back with the choice. A listener on the form, found by id.
 */
export function ChoiceSwitchKeys({ formId }: { formId: string }) {
  const router = useRouter();
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      // The choice already made: nothing to send.
      if (event.submitter?.getAttribute("aria-pressed") === "true") return;
      sendPreference(form, event.submitter, () => router.refresh());
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formId, router]);
  return null;
}
