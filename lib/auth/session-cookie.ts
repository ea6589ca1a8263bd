import "server-only";
import { decode, encode } from "next-auth/jwt";
import { cookiePolicy } from "@/lib/embedding/cookie-policy";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singletons";
import { hostCookieName } from "./host-cookie";
import { touchIntervalMs } from "./idle-timer";

// The session cookie: Auth.js's encrypted JWT, carrying only a random session
// id and the name to show (auth.ts). Auth.js seals it at sign-in; here it is
// opened with Auth.js's decode() and resealed with its encode(), under the
// cookie name and salt Auth.js is configured with (auth-cookies.ts). proxy.ts
// and the route wrapper read it on every request and renew it at most once a
// minute (idle-timer.ts). The store's idle timer is the one that ends a
// session; the cookie lives that interval longer than the idle timeout and is
// renewed once less than the idle timeout is left, so after any request it
// outlives the session in the store: a browser never loses its cookie while
// the portal still counts the session as alive.

export interface SessionClaims {
  /** The session id in the state store. */
  sid: string;
  name?: string;
  username?: string;
  /** When the cookie runs out (epoch seconds): its idle timeout. */
  exp: number;
}

/** The session cookie's name and attributes: Auth.js's `cookies.sessionToken` (auth-cookies.ts). */
export function sessionTokenCookie(portalUrl: string) {
  const policy = cookiePolicy();
  return {
    name: hostCookieName("authjs.session-token", portalUrl),
    options: { httpOnly: true, path: "/", ...policy },
  };
}

/** The session cookie's name for the configured portal address: also the salt of its key. */
export function sessionCookieName(): string {
  return sessionTokenCookie(getEnv().PORTAL_URL).name;
}

/** Enough for every active browser of a large organisation on one instance; the oldest go first. */
const maxRemembered = 20_000;

/** Opened cookies by value, one map per process: proxy.ts and the route modules are separate bundles. */
function remembered(): Map<string, SessionClaims> {
  return processSingleton("opened-session-cookies", () => new Map<string, SessionClaims>());
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
    claims = claimsOf(await decode({ token: value, secret: env.AUTH_SECRET, salt: sessionCookieName() }));
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
 * keep cookies) get that same new value until it is due in its turn: one
 * renewal per session and interval, whatever the number of requests.
 */
function renewals(): Map<string, { value: string; claims: SessionClaims }> {
  return processSingleton("session-cookie-renewals", () => new Map<string, { value: string; claims: SessionClaims }>());
}

/** The same session in a cookie that lives a full lifetime from now: its value and attributes. */
export async function renewedSessionCookie(claims: Pick<SessionClaims, "sid" | "name" | "username">) {
  const env = getEnv();
  const cookie = sessionTokenCookie(env.PORTAL_URL);
  const now = Date.now();
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
  // Taken before encode() takes its own: the cookie is never thought to live longer than its token.
  const exp = Math.floor(now / 1000) + maxAge;
  const value = await encode({
    token: { sid: claims.sid, name: claims.name, username: claims.username },
    secret: env.AUTH_SECRET,
    salt: cookie.name,
    maxAge,
  });
  const sealed: SessionClaims = { ...claims, exp };
  remember(renewals(), claims.sid, { value, claims: sealed });
  // The browser sends the new value next: known already.
  remember(remembered(), value, sealed);
  return { name: cookie.name, value, options: { ...cookie.options, expires: new Date(exp * 1000) } };
}

/** The renewed session cookie when the one a request carried is due (at most once a minute), else undefined. */
export async function cookieRenewalFor(claims: SessionClaims | undefined) {
  return claims && renewalDue(claims) ? renewedSessionCookie(claims) : undefined;
}

/** Adds to a bounded map; the oldest entry goes first. */
function remember<T>(map: Map<string, T>, key: string, entry: T): void {
  map.delete(key);
  if (map.size >= maxRemembered) map.delete(map.keys().next().value as string);
  map.set(key, entry);
}
