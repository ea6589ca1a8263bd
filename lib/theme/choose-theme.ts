import "server-only";
import { cookies } from "next/headers";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { z } from "zod";
import { themeChoices, themeCookieMaxAgeSeconds, themeCookieName } from "@/lib/browser-safe/theme";
import { portalCookieName } from "@/lib/auth/host-cookie";

const themeChoice = z.enum(themeChoices);

/**
 * The theme switch (app/api/preferences): remembers the choice on this
 * device; anything else is ignored. "system" is stored too rather than
 * deleting the cookie, so the attributes that let it live in an intranet
 * frame (Partitioned) never have to match a deletion.
 */
export async function chooseTheme(value: string | null): Promise<void> {
  const parsed = themeChoice.safeParse(value);
  if (!parsed.success) return;
  (await cookies()).set(
    portalCookieName(themeCookieName),
    parsed.data,
    preferenceCookieOptions(themeCookieMaxAgeSeconds),
  );
}
