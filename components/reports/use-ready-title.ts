"use client";

import { useEffect } from "react";
import { reportMessages as m } from "@/lib/reports/messages";

/**
 * Puts "Report ready · " in front of the tab title while `active`, and keeps
 * it there when a page change rewrites the title.
 */
export function useReadyTitle(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const prefix = m.readyTitlePrefix;
    const apply = () => {
      if (!document.title.startsWith(prefix)) document.title = `${prefix}${document.title}`;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
  }, [active]);
}
