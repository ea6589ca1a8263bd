import { Check } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { chooseLanguage } from "@/lib/i18n/choose-language";
import { localeNames, locales } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { serverTranslator } from "@/lib/i18n/server-translator";

/**
 * The language switch outside the user menu (the sign-in page): one button per
 * language in a labelled group. A plain form, so it works before any script
 * has loaded; the current language is marked by a tick and aria-pressed, not
 * by colour alone.
 */
export async function LanguageSwitch() {
  const [locale, t] = await Promise.all([requestLocale(), serverTranslator("language")]);
  return (
    <form action={chooseLanguage}>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-2 text-sm font-medium text-fg-muted">{t("label")}</legend>
        {locales.map((code) => (
          <button
            key={code}
            type="submit"
            name="locale"
            value={code}
            lang={code}
            aria-pressed={code === locale}
            className={buttonClasses("ghost", "px-3 text-sm aria-pressed:bg-surface-muted aria-pressed:underline aria-pressed:underline-offset-4")}
          >
            {code === locale ? <Check aria-hidden="true" className="size-4" /> : null}
            {localeNames[code]}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
