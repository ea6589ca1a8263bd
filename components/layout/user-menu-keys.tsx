"use client";

import { useEffect } from "react";
import { clearAllDrafts } from "@/lib/browser-safe/draft-storage";
import { browserStorage } from "@/lib/browser-safe/browser-storage";
import { focusMenuItem, placeBelow } from "./menu-keys";

/**
 * What the server-rendered user menu (user-menu.tsx) needs from a script: the
 * ARIA menu pattern's keys (arrows, Home, End, first letter; Tab leaves,
 * Escape gives focus back), aria-expanded on the button, the menu's place
 * below the button, and closing once an item is chosen. Listeners on the
 * menu's own elements, found by id: nothing of the menu is rendered here.
 */
export function UserMenuKeys({ buttonId, menuId }: { buttonId: string; menuId: string }) {
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
    // Runs before React's own listener (at the document) sends the form to its action.
    listen(menu, "submit", (event) => {
      const item = (event as SubmitEvent).submitter;
      close(true);
      // The choice already made: nothing to send.
      if (item?.getAttribute("aria-checked") === "true") event.preventDefault();
      // Signing out on purpose (a shared computer): nothing typed stays behind.
      if ((event.target as HTMLElement).hasAttribute("data-sign-out")) {
        const drafts = browserStorage("sessionStorage");
        if (drafts) clearAllDrafts(drafts);
      }
    });
    return () => stop.abort();
  }, [buttonId, menuId]);
  return null;
}
