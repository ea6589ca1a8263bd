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

/** The catalogue of a language, limited to some top-level namespaces. */
export function messagesFor<N extends Namespace>(locale: Locale, namespaces: readonly N[]): Pick<Messages, N> {
  const catalogue = catalogues[locale];
  return Object.fromEntries(namespaces.map((namespace) => [namespace, catalogue[namespace]])) as Pick<Messages, N>;
}
