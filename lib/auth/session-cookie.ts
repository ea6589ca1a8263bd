import "server-only";
import { decode } from "next-auth/jwt";
import { cookiePolicy } from "@/lib/embedding/cookie-policy";
import { getEnv } from "@/lib/env";
import { touchIntervalMs } from "./idle-timer";
import { sealSessionToken } from "./session-seal";

// The session cookie: Auth.js's encrypted JWT, carrying only a random session
// id and the name to show (auth.ts). Auth.js's own session lookup runs its
// whole pipeline (an internal Request, a decrypt and a fresh encrypt) on every
// call; proxy.ts and each page or route would pay it again. Here the cookie is
// decrypted once per value and process (kept until it expires), read by
// proxy.ts and by currentSession(), and renewed by proxy.ts at most once a
// minute (idle-timer.ts), not on every answer. The store's idle timer is the
// one that ends a session; the cookie lives that interval longer than the
// idle timeout and is renewed once less than the idle timeout is left, so
// after any request it outlives the session in the store: a browser never
// loses its cookie while the portal still counts the session as alive.

export interface SessionClaims {
  /** The session id in the state store. */
  sid: string;
  name?: string;
  username?: string;
  /** When the cookie runs out (epoch seconds): its idle timeout. */
  exp: number;
}

/** The session cookie's name and attributes, as Auth.js sets them (auth-cookies.ts gives Auth.js the same). */
export function sessionTokenCookie(portalUrl: string) {
  const https = new URL(portalUrl).protocol === "https:";
  const policy = cookiePolicy();
  return {
    name: `${https ? "__Secure-" : ""}authjs.session-token`,
    options: { httpOnly: true, path: "/", ...policy },
  };
}

/** The session cookie's name for the configured portal address (computed once; the address does not change). */
export function sessionCookieName(): string {
  const portalUrl = getEnv().PORTAL_URL;
  if (cookieName?.portalUrl !== portalUrl) cookieName = { portalUrl, name: sessionTokenCookie(portalUrl).name };
  return cookieName.name;
}
let cookieName: { portalUrl: string; name: string } | undefined;

/** Decrypted cookies by value: proxy.ts and the route modules are separate bundles of one process. */
const shared = globalThis as typeof globalThis & { __portalSessionCookies?: Map<string, SessionClaims> };
/** Enough for every active browser of a large organisation on one instance; the oldest go first. */
const maxRemembered = 20_000;

function remembered(): Map<string, SessionClaims> {
  shared.__portalSessionCookies ??= new Map();
  return shared.__portalSessionCookies;
}

function claimsOf(payload: Record<string, unknown> | null): SessionClaims | undefined {
  if (!payload || typeof payload.sid !== "string" || !payload.sid || typeof payload.exp !== "number") return undefined;
  return {
    sid: payload.sid,
    exp: payload.exp,
    name: typeof payload.name === "string" ? payload.name : undefined,
    username: typeof payload.username === "string" ? payload.username : undefined,
  };
}

/**
 * The claims of a session cookie's value, or undefined when there is none or
 * it is not one this portal sealed (or it ran out). A value that does not
 * open is not remembered: only real cookies take a place.
 */
export async function readSessionCookie(
  value: string | undefined,
  now = Date.now(),
): Promise<SessionClaims | undefined> {
  if (!value) return undefined;
  const cache = remembered();
  const known = cache.get(value);
  if (known) {
    if (known.exp * 1000 > now) return known;
    cache.delete(value);
    return undefined;
  }
  const env = getEnv();
  let claims: SessionClaims | undefined;
  try {
    claims = claimsOf(
      await decode({ token: value, secret: env.AUTH_SECRET, salt: sessionTokenCookie(env.PORTAL_URL).name }),
    );
  } catch {
    return undefined;
  }
  if (!claims || claims.exp * 1000 <= now) return undefined;
  remember(cache, value, claims);
  return claims;
}

/**
 * The claims of the session cookie among a request's cookies: the request's
 * own (proxy.ts, the sign-in routes) or those of `next/headers`.
 */
export function sessionClaimsOf(cookies: {
  get(name: string): { value: string } | undefined;
}): Promise<SessionClaims | undefined> {
  return readSessionCookie(cookies.get(sessionCookieName())?.value);
}

/** The session cookie's lifetime: the idle timeout and one renewal interval (auth.ts gives Auth.js the same). */
export function sessionCookieSeconds(idleTimeoutSeconds: number): number {
  return idleTimeoutSeconds + Math.ceil(touchIntervalMs(idleTimeoutSeconds) / 1000);
}

/** Whether the cookie is due for renewal: less than the idle timeout left (at most once a minute). */
export function renewalDue(claims: SessionClaims, now = Date.now()): boolean {
  return claims.exp * 1000 - now < getEnv().SESSION_IDLE_TIMEOUT * 1000;
}

/**
 * The last cookie sealed per session id. Requests that still carry the old
 * cookie (several sent at once as it fell due, or a client that does not
 * keep cookies) get that same new value until it is due in its turn, instead
 * of a fresh encryption each: renewal stays one seal a minute per session.
 */
const sharedRenewals = globalThis as typeof globalThis & {
  __portalSessionRenewals?: Map<string, { value: string; claims: SessionClaims }>;
};

function renewals(): Map<string, { value: string; claims: SessionClaims }> {
  sharedRenewals.__portalSessionRenewals ??= new Map();
  return sharedRenewals.__portalSessionRenewals;
}

/** A session cookie to set on an answer: its name, sealed value and attributes. */
export type SessionCookie = Awaited<ReturnType<typeof renewedSessionCookie>>;

/** The same session in a cookie that lives a full lifetime from now: its value and attributes. */
export async function renewedSessionCookie(claims: Pick<SessionClaims, "sid" | "name" | "username">, now = Date.now()) {
  const env = getEnv();
  const cookie = sessionTokenCookie(env.PORTAL_URL);
  const recent = renewals().get(claims.sid);
  if (
    recent &&
    recent.claims.name === claims.name &&
    recent.claims.username === claims.username &&
    recent.claims.exp * 1000 > now &&
    !renewalDue(recent.claims, now)
  ) {
    return {
      name: cookie.name,
      value: recent.value,
      options: { ...cookie.options, expires: new Date(recent.claims.exp * 1000) },
    };
  }
  const maxAge = sessionCookieSeconds(env.SESSION_IDLE_TIMEOUT);
  // Sealed as Auth.js's encode() would, without its thread-pool trips (session-seal.ts).
  const value = await sealSessionToken({
    claims: { sid: claims.sid, name: claims.name, username: claims.username },
    secret: env.AUTH_SECRET,
    salt: cookie.name,
    maxAge,
    now,
  });
  const sealed: SessionClaims = { ...claims, exp: Math.floor(now / 1000) + maxAge };
  remember(renewals(), claims.sid, { value, claims: sealed });
  // The browser sends the new value next: known already, no decryption.
  remember(remembered(), value, sealed);
  return { name: cookie.name, value, options: { ...cookie.options, expires: new Date(now + maxAge * 1000) } };
}

/** The renewed session cookie when the one a request carried is due (at most once a minute), else undefined. */
export async function cookieRenewalFor(claims: SessionClaims | undefined, now = Date.now()) {
  return claims && renewalDue(claims, now) ? renewedSessionCookie(claims, now) : undefined;
}

/** Adds to a bounded map; the oldest entry goes first. */
function remember<T>(map: Map<string, T>, key: string, entry: T): void {
  map.delete(key);
  if (map.size >= maxRemembered) map.delete(map.keys().next().value as string);
  map.set(key, entry);
}
