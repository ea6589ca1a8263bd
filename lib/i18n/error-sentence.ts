import "server-only";
import { createTranslator } from "next-intl";
import { sentenceOf, type PortalError, type SentenceKey } from "@/lib/browser-safe/errors";
import type { Locale } from "@/lib/browser-safe/locales";
import { catalogues } from "./messages";

/**
 * What a person reads about an error, in their language: what happened and
 * what to do next. The code's own sentence is the catalogues' `errors.<code>`;
 * a refusal that can say more names its own (PortalError's sentenceKey).
 */
export function errorSentence(error: PortalError, locale: Locale): string {
  return catalogueSentence(sentenceOf(error), locale);
}

/** A sentence of the catalogues by its key, in `locale`. */
export function catalogueSentence({ key, values }: { key: SentenceKey; values: { minutes: number } }, locale: Locale) {
  // Every sentence takes at most {minutes}; the catalogue test checks they format.
  const t = createTranslator({ locale, messages: catalogues[locale] }) as unknown as (
    key: string,
    values: Record<string, number>,
  ) => string;
  return t(key, values);
}

/**
 * True when `value` names a sentence of the catalogues, as route schemas
 * name the sentence for a field they refuse (the schema.ts beside each route).
 */
export function isSentenceKey(value: string): value is SentenceKey {
  let node: unknown = catalogues.en;
  for (const part of value.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}
