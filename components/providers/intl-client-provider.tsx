"use client";

import { useEffect, useMemo, type ReactNode } from "react";
import { IntlContext } from "@/hooks/use-translations";
import type { Locale } from "@/lib/browser-safe/locales";
import type { Messages } from "@/lib/i18n/messages";
import { rememberErrorText } from "./remembered-error-text";

/** The catalogue texts for client components (hooks/use-translations.ts), fed by IntlScope on the server. */
export function IntlClientProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Partial<Messages>;
  children: ReactNode;
}) {
  useEffect(() => {
    if (messages.errorPages) rememberErrorText({ locale, texts: messages.errorPages });
  }, [locale, messages.errorPages]);
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <IntlContext value={value}>{children}</IntlContext>;
}
