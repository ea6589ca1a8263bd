import "server-only";
import cs from "@/messages/cs.json";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import type { Locale } from "@/lib/browser-safe/locales";

// The catalogues are small, so all three are bundled on the server; a page
// sends only the namespaces its client components use (intl-scope.tsx).

export type Messages = typeof en;

export const catalogues: Record<Locale, Messages> = { en, de, cs };

export type Namespace = keyof Messages;

/** Some keys of a namespace, for client parts that use a few texts of a large one. */
export type SomeTexts = { [N in Namespace]?: readonly (keyof Messages[N])[] };

type Texts = { [key: string]: string | Texts };

/** A catalogue as the browser gets it: no `answers`, at any depth (withoutAnswers). */
type WithoutAnswers<T> = T extends string
  ? T
  : { [K in keyof T as K extends "answers" ? never : K]: WithoutAnswers<T[K]> };

/** What a page sends the browser: some namespaces (or some of their keys), without the route answers. */
export type BrowserMessages = Partial<WithoutAnswers<Messages>>;

// `answers` hold the sentences of route answers, which the server translates
// (lib/i18n/error-sentence.ts): no client part reads them, so the browser's
// copies of the catalogues leave them out. A sentence the browser says too,
// as a form's own check with the route's schema does
// (components/profile/field-sentence.ts), lives under the form's `field`.
function withoutAnswers(texts: Texts): Texts {
  return Object.fromEntries(
    Object.entries(texts)
      .filter(([key]) => key !== "answers")
      .map(([key, text]) => [key, typeof text === "string" ? text : withoutAnswers(text)]),
  );
}

const browserCatalogues = Object.fromEntries(
  Object.entries(catalogues).map(([locale, catalogue]) => [locale, withoutAnswers(catalogue)]),
) as Record<Locale, Texts>;

/**
 * What a page sends the browser of a language's catalogue: some top-level
 * namespaces, and some keys of others, without the route answers' sentences.
 */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[], some: SomeTexts = {}): BrowserMessages {
  const catalogue = browserCatalogues[locale];
  const picked = Object.entries(some).map(([namespace, keys]) => {
    const texts = catalogue[namespace] as Texts;
    return [namespace, Object.fromEntries(keys.map((key) => [key, texts[key as string]]))];
  });
  return Object.fromEntries([...picked, ...namespaces.map((namespace) => [namespace, catalogue[namespace]])]);
}
