"use client";

import { useTranslations } from "next-intl";
import { dateTimeFormat } from "@/lib/browser-safe/date-time-format";

/** "Firefox on Windows", in the page's language; unknown parts said as unknown. */
export function useDeviceName(): (entry: { browser: string | null; system: string | null }) => string {
  const t = useTranslations("devices");
  return ({ browser, system }) =>
    t("deviceName", { browser: browser ?? t("unknownBrowser"), system: system ?? t("unknownSystem") });
}

/** A date and time, e.g. "7 Dec 2026, 09:14". */
export function formatMoment(iso: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(Date.parse(iso));
}
