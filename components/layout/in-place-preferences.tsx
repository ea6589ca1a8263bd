"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { preferencesRoute } from "@/lib/browser-safe/form-routes";
import { sendPreference } from "@/lib/browser-safe/send-preference";

/**
 * With a script, the language and theme switches (the user menu's, the
 * sign-in page's) change the page in place: the form is sent in the
 * background and the page rendered again, so what was typed and the focus
 * stay. Without one the form posts and the page comes back with the choice.
 * One listener on the element `containerId`, to which the forms' submits
 * bubble; other forms there (sign out) post as usual.
 */
export function InPlacePreferences({ containerId }: { containerId: string }) {
  const router = useRouter();
  useEffect(() => {
    const container = document.getElementById(containerId);
    if (!container) return;
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || new URL(form.action).pathname !== preferencesRoute) return;
      event.preventDefault();
      // A choice closes the menu it is in; the browser gives the focus back to the menu's button.
      const popover = form.closest<HTMLElement>("[popover]");
      if (popover?.matches(":popover-open")) popover.hidePopover();
      // The choice already made: nothing to send.
      if (event.submitter?.getAttribute("aria-pressed") === "true") return;
      sendPreference(form, event.submitter, () => router.refresh());
    };
    container.addEventListener("submit", onSubmit);
    return () => container.removeEventListener("submit", onSubmit);
  }, [containerId, router]);
  return null;
}
