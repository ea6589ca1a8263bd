"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { sendPreference } from "@/lib/browser-safe/send-preference";
import { focusMenuItem, placeBelow } from "./menu-keys";

/**
 * What the server-rendered user menu (user-menu.tsx) needs from a script: the
 * ARIA menu pattern's keys (arrows, Home, End, first letter; Tab leaves,
 * Escape gives focus back), aria-expanded on the button, the menu's place
 * below the button, closing once an item is chosen, and a language or theme
 * chosen without a reload. Listeners on the menu's own elements, found by
 * id: nothing of the menu is rendered here.
 */
export function UserMenuKeys({ buttonId, menuId }: { buttonId: string; menuId: string }) {
  const router = useRouter();
  useEffect(() => {
    const button = document.getElementById(buttonId);
    const menu = document.getElementById(menuId);
    if (!button || !menu) return;
    // Which end of the menu focus goes to when it opens (ArrowUp on the button: the last item).
    let openAt: "Home" | "End" = "Home";
    const close = (returnFocus: boolean) => {
      if (menu.matches(":popover-open")) menu.hidePopover();
      if (returnFocus) button.focus();
    };
    const stop = new AbortController();
    const listen = <K extends keyof HTMLElementEventMap>(
      element: HTMLElement,
      type: K,
      listener: (event: HTMLElementEventMap[K]) => void,
    ) => element.addEventListener(type, listener, { signal: stop.signal });

    listen(button, "click", () => {
      openAt = "Home";
    });
    listen(button, "keydown", (event) => {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      openAt = event.key === "ArrowUp" ? "End" : "Home";
      menu.showPopover();
    });
    listen(menu, "keydown", (event) => {
      if (event.key === "Tab") close(false);
      else if (event.key === "Escape") {
        // The popover closes itself; focus goes back to the button either way.
        event.preventDefault();
        close(true);
      } else if (focusMenuItem(menu, event.key)) event.preventDefault();
    });
    // Before the first paint of the open menu, so it never shows elsewhere first.
    listen(menu, "beforetoggle", (event) => {
      if ((event as ToggleEvent).newState === "open") placeBelow(menu, button);
    });
    listen(menu, "toggle", (event) => {
      const opened = (event as ToggleEvent).newState === "open";
      button.setAttribute("aria-expanded", String(opened));
      if (opened) focusMenuItem(menu, openAt);
    });
    // Runs before the browser posts the form (the menu's forms are plain ones).
    listen(menu, "submit", (event) => {
      const item = event.submitter;
      const checked = item?.getAttribute("aria-checked");
      close(true);
      // "Sign out" (no aria-checked) goes on as a plain post, to the sign-in
      // page, which forgets the tab's drafts (components/session/forget-drafts.tsx).
      if (!checked) return;
      event.preventDefault();
      // The choice already made: nothing to send.
      if (checked === "true") return;
      // A language or theme changes in place: no reload, the focus stays on the button.
      sendPreference(event.target as HTMLFormElement, item, () => router.refresh());
    });
    return () => stop.abort();
  }, [buttonId, menuId, router]);
  return null;
}
