import "server-only";
import { randomBytes } from "node:crypto";
import { getEnv } from "@/lib/env";
import { clientAddress } from "./client-address";
import type { AttemptSource } from "./failed-sign-ins";

// Who is trying to sign in, for the sign-in limits (failed-sign-ins.ts): the
// address and this browser's sign-in cookie, a random id that proxy.ts gives
// every browser that opens the sign-in page. It proves nothing; it only keeps
// people who share an address apart, so one person's wrong PINs lock only
// their own browser.

export const browserIdCookie = "portal-browser";
export const browserIdMaxAgeSeconds = 400 * 24 * 3600;
const browserIdPattern = /^[A-Za-z0-9_-]{22}$/;

export function newBrowserId(): string {
  return randomBytes(16).toString("base64url");
}

export function isBrowserId(value: string | undefined): value is string {
  return value !== undefined && browserIdPattern.test(value);
}

export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export function attemptSource(headers: { get(name: string): string | null }): AttemptSource {
  const env = getEnv();
  const browser = cookieValue(headers.get("cookie"), browserIdCookie);
  return {
    address: clientAddress(headers, { header: env.PORTAL_TRUSTED_PROXY_HEADER, proxies: env.PORTAL_TRUSTED_PROXIES }),
    browser: isBrowserId(browser) ? browser : undefined,
  };
}
