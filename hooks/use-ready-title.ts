"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

/**
 * Puts "Report ready · " in front of the tab title while `active`, and keeps
 * it there when a page change rewrites the title.
 */
export function useReadyTitle(active: boolean): void {
  const prefix = useTranslations("reports")("readyTitlePrefix");
  useEffect(() => {
    if (!active) return;
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
  }, [active, prefix]);
}
