import "server-only";
import { cookies } from "next/headers";
import { z } from "zod";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { localeCookieMaxAgeSeconds, localeCookieName, locales } from "@/lib/browser-safe/locales";
import { portalCookieName } from "@/lib/auth/host-cookie";

const choice = z.enum(locales);

/** The language switch (app/api/preferences): remembers the choice on this device; anything else is ignored. */
export async function chooseLanguage(value: string | null): Promise<void> {
  const parsed = choice.safeParse(value);
  if (!parsed.success) return;
  (await cookies()).set(
    portalCookieName(localeCookieName),
    parsed.data,
    preferenceCookieOptions(localeCookieMaxAgeSeconds),
  );
}
