import "server-only";
import type { ReactNode } from "react";
import { IntlClientProvider } from "./intl-client-provider";
import { messagesFor, type Namespace } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/request-locale";

/**
 * Gives the client components below it the request's language and the
 * catalogue namespaces they use (only those travel to the browser).
 */
export async function IntlScope({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const locale = await requestLocale();
  return (
    <IntlClientProvider locale={locale} messages={messagesFor(locale, namespaces)}>
      {children}
    </IntlClientProvider>
  );
}
