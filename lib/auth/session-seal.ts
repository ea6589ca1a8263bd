import "server-only";
import { createCipheriv, createHmac, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { base64url, calculateJwkThumbprint } from "jose";

// Seals the session cookie exactly as Auth.js's encode() does, so Auth.js's
// decode() opens it (session-cookie.ts): a JWE in compact form, "dir" with
// A256CBC-HS512 (RFC 7518 5.2.5), under a key derived from AUTH_SECRET by
// HKDF-SHA256 with the cookie name as salt, the key's JWK thumbprint as
// "kid", and the claims plus iat, exp and a random jti. The difference is
// when the work is done: encode() derives the key and its thumbprint anew for
// every cookie and jose encrypts and signs through WebCrypto, five trips
// through libuv's thread pool per cookie, each a wait for a thread on a busy
// machine (about 2 ms per sign-in under load, issue 14). Here the key and its
// thumbprint are derived once per secret and cookie name, and the cipher and
// MAC are Node's synchronous ones (microseconds). session-seal.test.ts checks
// that Auth.js's decode() and jose's jwtDecrypt() open what this seals.

interface SealingKey {
  /** HMAC-SHA-512 key: the first half of the derived key. */
  macKey: Buffer;
  /** AES-256-CBC key: the second half. */
  encryptionKey: Buffer;
  /** base64url of the protected header, which is also the MAC's associated data. */
  header: string;
}

const enc = "A256CBC-HS512";
const keys = new Map<string, Promise<SealingKey>>();

async function deriveKey(secret: string, salt: string): Promise<SealingKey> {
  // As Auth.js's getDerivedEncryptionKey: 64 bytes for A256CBC-HS512.
  const key = Buffer.from(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64));
  const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha512");
  return {
    macKey: key.subarray(0, 32),
    encryptionKey: key.subarray(32),
    header: Buffer.from(JSON.stringify({ alg: "dir", enc, kid })).toString("base64url"),
  };
}

function sealingKey(secret: string, salt: string): Promise<SealingKey> {
  const id = `${salt}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = deriveKey(secret, salt);
    keys.set(id, key);
  }
  return key;
}

export interface SealParams {
  claims: Record<string, unknown>;
  secret: string;
  /** The cookie's name, as Auth.js salts the key with it. */
  salt: string;
  /** Seconds from now until the token expires. */
  maxAge: number;
  /** Epoch milliseconds the token is sealed at (tests). */
  now?: number;
}

/** The session cookie's value for `claims`, as Auth.js's encode() would seal it. */
export async function sealSessionToken({
  claims,
  secret,
  salt,
  maxAge,
  now = Date.now(),
}: SealParams): Promise<string> {
  const { macKey, encryptionKey, header } = await sealingKey(secret, salt);
  const issuedAt = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat: issuedAt, exp: issuedAt + maxAge, jti: randomUUID() }));
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", encryptionKey, iv);
  const ciphertext = Buffer.concat([cipher.update(payload), cipher.final()]);
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(header.length * 8));
  const tag = createHmac("sha512", macKey)
    .update(header)
    .update(iv)
    .update(ciphertext)
    .update(aadBits)
    .digest()
    .subarray(0, 32);
  return `${header}..${iv.toString("base64url")}.${ciphertext.toString("base64url")}.${tag.toString("base64url")}`;
}
