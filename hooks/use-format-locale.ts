"use client";

import { useLocale } from "@/hooks/use-translations";
import { useMemo, useSyncExternalStore } from "react";
import { formatLocale } from "@/lib/browser-safe/format-locale";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("languagechange", onChange);
  return () => window.removeEventListener("languagechange", onChange);
}

// A string snapshot: navigator.languages may hand out a new array each time.
const browserLanguages = () => navigator.languages.join(",");
const noLanguages = () => "";

/** The locale for numbers, money and times in client components: see formatLocale. */
export function useFormatLocale(): string {
  const language = useLocale();
  const languages = useSyncExternalStore(subscribe, browserLanguages, noLanguages);
  return useMemo(() => formatLocale(language, languages ? languages.split(",") : []), [language, languages]);
}
