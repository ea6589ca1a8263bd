"use client";

import { useContext, useEffect, useMemo, type ReactNode } from "react";
import { IntlContext } from "@/hooks/use-translations";
import type { Locale } from "@/lib/browser-safe/locales";
import type { BrowserMessages } from "@/lib/i18n/messages";
import { rememberErrorText } from "./remembered-error-text";

/**
 * The catalogue texts for client components (hooks/use-translations.ts), fed
 * by IntlScope on the server. Scopes nest: a page's scope adds its own
 * namespaces to those of the layouts around it, so each page's payload
 * carries only the texts its client parts use.
 */
export function IntlClientProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: BrowserMessages;
  children: ReactNode;
}) {
  const outer = useContext(IntlContext);
  useEffect(() => {
    if (messages.errorPages) rememberErrorText({ locale, texts: messages.errorPages });
  }, [locale, messages.errorPages]);
  const value = useMemo(
    () => ({ locale, messages: outer ? { ...outer.messages, ...messages } : messages }),
    [locale, messages, outer],
  );
  return <IntlContext value={value}>{children}</IntlContext>;
}
