// The theme a person can choose. "system" follows the device's
// prefers-color-scheme; the other two fix the theme on this device.

export const themeChoices = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof themeChoices)[number];

/** A theme the page is forced into; "system" forces none. */
export type FixedTheme = Exclude<ThemeChoice, "system">;

/** Set by the theme switch; read by request-theme.ts on every request, as `portalCookieName(themeCookieName)` (`__Host-` over HTTPS). */
export const themeCookieName = "portal-theme";

/** A year, like the language: the choice outlives sessions on this device. */
export const themeCookieMaxAgeSeconds = 365 * 24 * 3600;

/** What a cookie value means; anything unknown follows the system. */
export function themeChoiceOf(value: string | undefined): ThemeChoice {
  // A plain check: the user menu loads this module, and the browser loads no schema library.
  return themeChoices.find((choice) => choice === value) ?? "system";
}

/** The value of <html data-theme>, or undefined to let the system decide. */
export function fixedTheme(choice: ThemeChoice): FixedTheme | undefined {
  return choice === "system" ? undefined : choice;
}
