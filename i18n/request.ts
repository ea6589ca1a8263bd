import { getRequestConfig } from "next-intl/server";
import { catalogues } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/request-locale";

// The server's own time zone, which the root layout's NextIntlClientProvider
// passes on to the browser: both sides format with the same one, so a page
// never hydrates with other texts than the server wrote.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

// next-intl's request configuration (read through its plugin in
// next.config.ts): the same language rule as the rest of the portal.
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: catalogues[locale], timeZone };
});
