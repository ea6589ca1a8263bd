import { getRequestConfig } from "next-intl/server";
import { catalogues } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/request-locale";

// next-intl's request configuration (read through its plugin in
// next.config.ts): the same language rule as the rest of the portal.
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: catalogues[locale] };
});
