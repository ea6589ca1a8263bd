import { hkdfSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decode, encode } from "next-auth/jwt";
import { base64url, calculateJwkThumbprint, decodeProtectedHeader, jwtDecrypt } from "jose";
import { sealSessionToken } from "./session-seal";

// What session-seal.ts writes must be what Auth.js's encode() writes, as far
// as anyone opening it can tell: Auth.js's decode() and jose read the same
// claims, the header names the same key, and a changed byte opens nothing.

const secret = "a-test-secret-of-at-least-32-characters";
const salt = "authjs.session-token";
const claims = { sid: "s1", name: "Alice Liddell", username: "alice" };

describe("sealSessionToken", () => {
  it("is opened by Auth.js's decode() with the claims, iat, exp and a jti", async () => {
    const now = Date.now();
    const sealed = await sealSessionToken({ claims, secret, salt, maxAge: 600, now });
    const payload = await decode({ token: sealed, secret, salt });
    const issuedAt = Math.floor(now / 1000);
    expect(payload).toMatchObject({ ...claims, iat: issuedAt, exp: issuedAt + 600 });
    expect(payload?.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("has Auth.js's header, and jose opens it with Auth.js's derived key", async () => {
    const sealed = await sealSessionToken({ claims, secret, salt, maxAge: 600 });
    const fromAuthJs = await encode({ token: claims, secret, salt, maxAge: 600 });
    expect(decodeProtectedHeader(sealed)).toEqual(decodeProtectedHeader(fromAuthJs));
    const key = new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64));
    expect(decodeProtectedHeader(sealed).kid).toBe(
      await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha512"),
    );
    const { payload } = await jwtDecrypt(sealed, key);
    expect(payload).toMatchObject(claims);
    expect(sealed.split(".")).toHaveLength(5);
    expect(sealed.split(".")[1]).toBe("");
  });

  it("seals each cookie apart: a fresh IV and jti every time", async () => {
    const [one, two] = await Promise.all([
      sealSessionToken({ claims, secret, salt, maxAge: 600 }),
      sealSessionToken({ claims, secret, salt, maxAge: 600 }),
    ]);
    expect(one.split(".")[2]).not.toBe(two.split(".")[2]);
    expect((await decode({ token: one, secret, salt }))?.jti).not.toBe(
      (await decode({ token: two, secret, salt }))?.jti,
    );
  });

  it("opens nothing under another secret or cookie name, nor once a byte is changed", async () => {
    const sealed = await sealSessionToken({ claims, secret, salt, maxAge: 600 });
    await expect(decode({ token: sealed, secret: `${secret}-other`, salt })).rejects.toThrow();
    await expect(decode({ token: sealed, secret, salt: "__Secure-authjs.session-token" })).rejects.toThrow();
    const [header, key, iv, ciphertext, tag] = sealed.split(".");
    const changed = Buffer.from(ciphertext ?? "", "base64url");
    changed.writeUInt8(changed.readUInt8(0) ^ 1, 0);
    const tampered = [header, key, iv, changed.toString("base64url"), tag].join(".");
    await expect(decode({ token: tampered, secret, salt })).rejects.toThrow();
  });
});
