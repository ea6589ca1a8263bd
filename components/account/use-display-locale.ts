"use client";

import { useMemo, useSyncExternalStore } from "react";
import { chooseLocale } from "@/lib/account/locale";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("languagechange", onChange);
  return () => window.removeEventListener("languagechange", onChange);
}

// A string snapshot: navigator.languages may hand out a new array each time.
const browserLanguages = () => navigator.languages.join(",");
const noLanguages = () => "";

/** The locale for numbers, money and times: see chooseLocale. */
export function useDisplayLocale(profileLanguage: string | null | undefined): string {
  const languages = useSyncExternalStore(subscribe, browserLanguages, noLanguages);
  return useMemo(() => chooseLocale(profileLanguage, languages ? languages.split(",") : []), [profileLanguage, languages]);
}
