import { localeNames, locales } from "@/lib/browser-safe/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { ChoiceSwitch } from "./choice-switch";

/** The language switch outside the user menu (the sign-in page); each language named in itself. */
export async function LanguageSwitch() {
  const [locale, t] = await Promise.all([requestLocale(), serverTranslator("language")]);
  const choices = locales.map((code) => ({ value: code, label: localeNames[code], lang: code }));
  return <ChoiceSwitch legend={t("label")} name="locale" choices={choices} current={locale} />;
}
