"use server";

import { cookies } from "next/headers";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { z } from "zod";
import { themeChoices, themeCookieMaxAgeSeconds, themeCookieName } from "@/lib/browser-safe/theme";

const themeChoice = z.enum(themeChoices);

/**
 * The theme switch: remembers the choice on this device. "system" is stored
 * too rather than deleting the cookie, so the attributes that let it live in
 * an intranet frame (Partitioned) never have to match a deletion. Setting a
 * cookie in an action renders the page again, <html data-theme> included;
 * as a plain form post it works without JavaScript.
 */
export async function chooseTheme(formData: FormData): Promise<void> {
  const parsed = themeChoice.safeParse(formData.get("theme"));
  if (!parsed.success) return;
  (await cookies()).set(themeCookieName, parsed.data, preferenceCookieOptions(themeCookieMaxAgeSeconds));
}
