"use client";

import type { useLocale as nextIntlUseLocale, useTranslations as nextIntlUseTranslations } from "next-intl";
import { createContext, useContext, useMemo } from "react";
import type { Locale } from "@/lib/browser-safe/locales";
import { formatMessage, type MessageValues } from "@/lib/browser-safe/i18n/format-message";
import type { BrowserMessages } from "@/lib/i18n/messages";

// The catalogue texts in client components, with next-intl's API and types
// (useTranslations, useLocale) but not its client runtime: the messages come
// from IntlClientProvider (fed by IntlScope on the server with only the
// namespaces client components use) and are formatted by format-message.ts.
// Server components keep next-intl's own translator (lib/i18n/server-translator.ts).

export interface IntlValue {
  locale: Locale;
  messages: BrowserMessages;
}

export const IntlContext = createContext<IntlValue | null>(null);

function lookup(messages: BrowserMessages, path: string): unknown {
  let node: unknown = messages;
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function translator({ locale, messages }: IntlValue, namespace: string | undefined) {
  const pathOf = (key: string) => (namespace ? `${namespace}.${key}` : key);
  const t = (key: string, values: MessageValues = {}) => {
    const path = pathOf(key);
    const message = lookup(messages, path);
    if (typeof message !== "string") {
      // As next-intl: say so in the console and show the key, never break the page.
      console.error(`No catalogue text ${path} (${locale})`);
      return path;
    }
    try {
      return formatMessage(message, values, locale);
    } catch (error) {
      console.error(`Unreadable catalogue text ${path} (${locale}): ${(error as Error).message}`);
      return path;
    }
  };
  t.has = (key: string) => typeof lookup(messages, pathOf(key)) === "string";
  t.raw = (key: string) => lookup(messages, pathOf(key));
  return t;
}

function useIntl(): IntlValue {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error("useTranslations outside IntlClientProvider");
  return intl;
}

/** next-intl's useTranslations, as far as client components use it: t(key, values), t.has, t.raw. */
export const useTranslations = ((namespace?: string) => {
  const intl = useIntl();
  return useMemo(() => translator(intl, namespace), [intl, namespace]);
}) as unknown as typeof nextIntlUseTranslations;

/** The request's language, as the root layout chose it. */
export const useLocale = (() => useIntl().locale) as typeof nextIntlUseLocale;
