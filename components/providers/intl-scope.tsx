import "server-only";
import type { ReactNode } from "react";
import { IntlClientProvider } from "./intl-client-provider";
import { messagesFor, type Namespace, type SomeTexts } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/request-locale";

/**
 * Gives the client components below it the catalogue namespaces they use
 * (only those travel to the browser), or only `some` keys of a namespace
 * where they use a few of its texts, on top of what the scopes around it give.
 */
export async function IntlScope({
  namespaces = [],
  some,
  children,
}: {
  namespaces?: readonly Namespace[];
  some?: SomeTexts;
  children: ReactNode;
}) {
  const locale = await requestLocale();
  return <IntlClientProvider messages={messagesFor(locale, namespaces, some)}>{children}</IntlClientProvider>;
}
