import "server-only";
import { createTranslator } from "next-intl";
import { sentenceOf, type PortalError } from "@/lib/browser-safe/errors";
import type { Locale } from "@/lib/browser-safe/locales";
import { catalogues } from "./messages";

/**
 * What a person reads about an error, in their language: what happened and
 * what to do next. The code's own sentence is the catalogues' `errors.<code>`;
 * a refusal that can say more names its own (PortalError's sentenceKey).
 */
export function errorSentence(error: PortalError, locale: Locale): string {
  const { key, values } = sentenceOf(error);
  // Every sentence takes at most {minutes}; the catalogue test checks they format.
  const t = createTranslator({ locale, messages: catalogues[locale] }) as unknown as (
    key: string,
    values: Record<string, number>,
  ) => string;
  return t(key, values);
}
