"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { browserStorage } from "@/lib/browser-safe/browser-storage";
import { claimDrafts, hasDraft } from "@/lib/browser-safe/draft-storage";
import { onActionOutcome } from "@/lib/browser-safe/action-outcome";
import type { EarlierEvent } from "./draft-keeper";

const formEvents = ["input", "change", "submit"] as const;

/**
 * Keeps what is typed or chosen in the page's forms (inside main) in the
 * tab's session storage, and puts it back when the page is shown again, for
 * example after the session ended and the person signed in again
 * (draft-keeper.ts). Drafts are the person's (`owner`, a tag the server
 * derives from them): another person's, left in the tab, are forgotten before
 * anything is put back. The keeper is loaded only when there is a draft to put
 * back or the person starts on a form (a field focused or changed): a page
 * that is only looked at does not load or run it. Form events
 * and action outcomes that come before it has arrived are handed to it.
 */
export function FormDrafts({ owner }: { owner: string }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const path = `${pathname}${search ? `?${search}` : ""}`;

  useEffect(() => {
    const main = document.getElementById("main");
    const storage = browserStorage("sessionStorage");
    if (!main || !storage) return undefined;
    claimDrafts(storage, owner);
    const earlier: EarlierEvent[] = [];
    let loading = false;
    let stopped = false;
    let stopKeeping: (() => void) | undefined;
    const load = () => {
      if (loading) return;
      loading = true;
      void import("./draft-keeper").then(({ keepDrafts }) => {
        stopWaiting();
        if (!stopped) stopKeeping = keepDrafts(main, storage, path, earlier);
      });
    };
    const hold = (event: Event) => {
      earlier.push({ kind: "form", event });
      load();
    };
    const stopHearing = onActionOutcome((outcome) => earlier.push({ kind: "outcome", outcome }));
    const stopWaiting = () => {
      main.removeEventListener("focusin", load);
      for (const type of formEvents) main.removeEventListener(type, hold);
      stopHearing();
    };
    for (const type of formEvents) main.addEventListener(type, hold);
    if (hasDraft(storage, path)) load();
    else main.addEventListener("focusin", load);
    return () => {
      stopped = true;
      stopWaiting();
      stopKeeping?.();
    };
  }, [path, owner]);

  return null;
}
