"use client";

import { NextIntlClientProvider, useLocale, useMessages } from "next-intl";
import { useEffect, useMemo, type ReactNode } from "react";
import type { BrowserMessages } from "@/lib/i18n/messages";
import { rememberErrorText } from "./remembered-error-text";

/**
 * Adds `messages` to those of the next-intl provider around it, for the
 * client components below. next-intl's nested providers replace the outer
 * messages rather than add to them, so the outer ones are merged in here:
 * a page's scope adds its own namespaces to those of its layouts, and each
 * page's payload carries only the texts its client parts use. The language,
 * time zone and formats stay the outer provider's.
 */
export function IntlClientProvider({ messages, children }: { messages: BrowserMessages; children: ReactNode }) {
  const outer = useMessages();
  const locale = useLocale();
  const merged = useMemo(() => ({ ...outer, ...messages }), [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}

/**
 * Leaves the current language's error-page texts for app/global-error.tsx,
 * which replaces the root layout and so has no provider around it.
 */
export function RememberErrorText() {
  const locale = useLocale();
  const texts = useMessages().errorPages;
  useEffect(() => {
    if (texts) rememberErrorText({ locale, texts });
  }, [locale, texts]);
  return null;
}
