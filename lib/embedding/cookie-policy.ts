import "server-only";
import { getEnv } from "@/lib/env";
import { allowsOtherOrigins } from "./frame-ancestors";

// Browsers send SameSite=Lax cookies only when the page on top is the
// portal's own site. Inside an intranet page's frame (another site) they are
// dropped, and sign-in would loop. When embedding is allowed, every cookie
// the portal sets is SameSite=None (which requires Secure) and Partitioned
// (CHIPS: kept apart per top-level site, so browsers that block third-party
// cookies still keep it).

export interface CookiePolicy {
  sameSite: "lax" | "none";
  secure: boolean;
  partitioned: boolean;
}

/** The cookie attributes for this portal's configuration. */
export function cookiePolicy(): CookiePolicy {
  const env = getEnv();
  if (allowsOtherOrigins(env.PORTAL_FRAME_ANCESTORS)) return { sameSite: "none", secure: true, partitioned: true };
  return { sameSite: "lax", secure: new URL(env.PORTAL_URL).protocol === "https:", partitioned: false };
}

/** Attributes of a long-lived preference cookie (language, theme). */
export function preferenceCookieOptions(maxAgeSeconds: number) {
  return { path: "/", maxAge: maxAgeSeconds, httpOnly: true, ...cookiePolicy() };
}
