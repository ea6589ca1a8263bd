import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { themeChoiceOf, themeCookieName, type ThemeChoice } from "@/lib/browser-safe/theme";
import { portalCookieName } from "@/lib/auth/host-cookie";

/** The theme chosen on this device, read once per request. */
export const requestTheme = cache(async (): Promise<ThemeChoice> =>
  themeChoiceOf((await cookies()).get(portalCookieName(themeCookieName))?.value),
);
