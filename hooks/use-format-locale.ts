"use client";

import { useLocale } from "next-intl";
import { useDeferredValue, useMemo, useSyncExternalStore } from "react";
import { formatLocale } from "@/lib/browser-safe/format-locale";
import { isHydrated, subscribeToHydration } from "./use-hydrated";

function subscribe(onChange: () => void): () => void {
  const stopWaiting = subscribeToHydration(onChange);
  window.addEventListener("languagechange", onChange);
  return () => {
    stopWaiting();
    window.removeEventListener("languagechange", onChange);
  };
}

// A string snapshot: navigator.languages may hand out a new array each time.
// None until the page is hydrated (use-hydrated.ts): hydration writes money
// and times as the server did, in the page's language alone, and a region the
// browser adds is written from the task after.
const browserLanguages = () => (isHydrated() ? navigator.languages.join(",") : "");
const noLanguages = () => "";

/** The locale for numbers, money and times in client components: see formatLocale. */
export function useFormatLocale(): string {
  const language = useLocale();
  const languages = useSyncExternalStore(subscribe, browserLanguages, noLanguages);
  const locale = useMemo(() => formatLocale(language, languages ? languages.split(",") : []), [language, languages]);
  // A store's change re-renders at once, in one task; what a new locale
  // changes (every figure and time, with new formatters) is rendered after
  // it, in slices between which the page can answer.
  return useDeferredValue(locale);
}
