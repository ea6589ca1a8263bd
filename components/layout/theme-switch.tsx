import { serverTranslator } from "@/lib/i18n/server-translator";
import { requestTheme } from "@/lib/theme/request-theme";
import { themeChoices } from "@/lib/browser-safe/theme";
import { ChoiceSwitch } from "./choice-switch";

/** The theme switch outside the user menu (the sign-in page). */
export async function ThemeSwitch() {
  const [current, t] = await Promise.all([requestTheme(), serverTranslator("theme")]);
  const choices = themeChoices.map((choice) => ({ value: choice, label: t(choice) }));
  return <ChoiceSwitch legend={t("label")} name="theme" choices={choices} current={current} />;
}
