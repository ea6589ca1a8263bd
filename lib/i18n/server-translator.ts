import "server-only";
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "next-intl";
import { catalogues, type Messages } from "./messages";
import { requestLocale } from "./request-locale";

/**
 * Texts for server code (pages, metadata, route answers) in the request's
 * language, without depending on next-intl's request config.
 */
export async function serverTranslator<const N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(namespace: N) {
  const locale = await requestLocale();
  return createTranslator<Messages, N>({ locale, messages: catalogues[locale], namespace });
}
