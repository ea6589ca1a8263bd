"use client";

import { IntlErrorCode, NextIntlClientProvider, type IntlError } from "next-intl";
import { useEffect, type ReactNode } from "react";
import type { Locale } from "@/lib/browser-safe/locales";
import type { Messages } from "@/lib/i18n/messages";
import { rememberErrorText } from "./remembered-error-text";

// Times are formatted only in the browser, in the person's own time zone, so
// no zone is configured on purpose; next-intl's warning about that is noise.
function onError(error: IntlError): void {
  if (error.code === IntlErrorCode.ENVIRONMENT_FALLBACK) return;
  console.error(error.message);
}

/** next-intl's provider for client components, fed by IntlScope on the server. */
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
  return (
    <NextIntlClientProvider locale={locale} messages={messages} onError={onError}>
      {children}
    </NextIntlClientProvider>
  );
}
