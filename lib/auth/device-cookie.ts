import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";

// OWASP's device cookie: after a successful sign-in the browser keeps a
// signed cookie naming the people who signed in with it (keyed hashes of
// their names, person-name.ts). An attempt for one of them from this browser
// counts in this device's own bucket (failed-sign-ins.ts), so a stranger's
// failures against that name never stop them here. The signature keeps a
// client from writing its own; a copied cookie only buys a thief the same
// limits as the owner's own browser.

/** The cookie's name before host-cookie.ts prefixes it: read and set it as `portalCookieName(deviceCookie)`. */
export const deviceCookie = "portal-device";
export const deviceMaxAgeSeconds = 180 * 24 * 3600;
/** The most people one browser remembers (a shared computer): the newest stay. */
export const namesPerDevice = 5;

export interface DeviceClaim {
  /** Random, names this browser's bucket. */
  id: string;
  /** Keyed hashes of the names signed in here, newest last. */
  names: string[];
}

const idPattern = /^[A-Za-z0-9_-]{22}$/;
const namePattern = /^[0-9a-f]{32}$/;

function signature(body: string, authSecret: string): string {
  return createHmac("sha256", authSecret).update("device cookie\0").update(body).digest("base64url");
}

export function writeDeviceCookie(claim: DeviceClaim, authSecret: string = getEnv().AUTH_SECRET): string {
  const body = `${claim.id}.${claim.names.join("-")}`;
  return `${body}.${signature(body, authSecret)}`;
}

export function readDeviceCookie(
  value: string | undefined,
  authSecret: string = getEnv().AUTH_SECRET,
): DeviceClaim | undefined {
  const [id = "", names = "", sent = "", ...rest] = (value ?? "").split(".");
  if (rest.length > 0 || !idPattern.test(id)) return undefined;
  const expected = Buffer.from(signature(`${id}.${names}`, authSecret));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const list = names.split("-").filter(Boolean);
  if (list.length > namesPerDevice || !list.every((name) => namePattern.test(name))) return undefined;
  return { id, names: list };
}

/** This browser's claim after `names` signed in with it: the same id, the names added (newest last). */
export function afterSignIn(previous: DeviceClaim | undefined, names: string[]): DeviceClaim {
  const kept = (previous?.names ?? []).filter((name) => !names.includes(name));
  return {
    id: previous?.id ?? randomBytes(16).toString("base64url"),
    names: [...kept, ...new Set(names)].slice(-namesPerDevice),
  };
}

/** The device's id when it names `name` (a keyed hash), else undefined. */
export function deviceFor(claim: DeviceClaim | undefined, name: string | undefined): string | undefined {
  return claim && name && claim.names.includes(name) ? claim.id : undefined;
}
