import "server-only";
import { createHash } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import { z } from "zod";
import { portalCookieName } from "./host-cookie";

// What the portal remembers between sending the browser to the print
// server's sign-in page and its return: the state (which binds the answer to
// this browser), the PKCE verifier and the page the person first asked for.
// It lives in the browser itself, in an httpOnly cookie encrypted with a key
// derived from AUTH_SECRET, so several portal instances need no shared store
// for it, and it is worth nothing to anyone who reads it.

/** The cookie's name: `__Host-portal-sign-on` over HTTPS (host-cookie.ts). */
export const signOnCookieName = () => portalCookieName("portal-sign-on");
/** How long a started sign-on may take, in seconds (the print server's code itself lasts a minute). */
export const signOnCookieMaxAge = 600;

const pendingSchema = z.object({
  state: z.string().min(20),
  verifier: z.string().min(43),
  returnPath: z.string().startsWith("/"),
});

export type PendingSignOn = z.infer<typeof pendingSchema>;

function keyOf(secret: string): Uint8Array {
  // A key of its own, so this cookie can never be read as a session cookie or the reverse.
  return createHash("sha256").update(`print-portal sign-on cookie\0${secret}`).digest();
}

export async function sealSignOn(pending: PendingSignOn, secret: string): Promise<string> {
  return new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(`${signOnCookieMaxAge}s`)
    .encrypt(keyOf(secret));
}

/** The pending sign-on, or undefined when the cookie is missing, forged or too old. */
export async function openSignOn(sealed: string | undefined, secret: string): Promise<PendingSignOn | undefined> {
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtDecrypt(sealed, keyOf(secret));
    const parsed = pendingSchema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
