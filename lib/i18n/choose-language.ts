"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { localeCookieMaxAgeSeconds, localeCookieName, locales } from "@/lib/browser-safe/locales";

const choice = z.enum(locales);

/**
 * The language switch: remembers the choice on this device. Setting a cookie
 * in a server action makes Next.js render the current page again, so the
 * page changes language without a reload (and, as a plain form post, works
 * without JavaScript too).
 */
export async function chooseLanguage(formData: FormData): Promise<void> {
  const parsed = choice.safeParse(formData.get("locale"));
  if (!parsed.success) return;
  (await cookies()).set(localeCookieName, parsed.data, preferenceCookieOptions(localeCookieMaxAgeSeconds));
}
