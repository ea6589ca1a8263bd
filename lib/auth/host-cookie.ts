import "server-only";
import { getEnv } from "@/lib/env";

// Over HTTPS every cookie of the portal carries the `__Host-` prefix: browsers
// take such a cookie only when it is Secure, has Path=/ and no Domain, so no
// other host of the organisation (a sibling under the same domain, or a
// plain-http page) can set or shadow it. On http://localhost, for development,
// browsers would refuse the prefix, so the plain name is used there.

/** A portal cookie's name for a portal at `portalUrl`. */
export function hostCookieName(name: string, portalUrl: string): string {
  return new URL(portalUrl).protocol === "https:" ? `__Host-${name}` : name;
}

/** A portal cookie's name for the configured PORTAL_URL. */
export function portalCookieName(name: string): string {
  return hostCookieName(name, getEnv().PORTAL_URL);
}
