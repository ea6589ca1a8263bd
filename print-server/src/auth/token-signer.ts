import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from "node:crypto";
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { z } from "zod";
import type { DataPaths } from "../data-paths.js";
import { readIfExists, writeSecretFile } from "../secret-files.js";

const ALG = "ES256";

const accessClaimsSchema = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string().min(1),
  username: z.string().optional(),
  name: z.string().optional(),
  scope: z.string(),
  client_id: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
  jti: z.string(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export type TokenSubject =
  | { kind: "client"; clientId: string }
  | { kind: "user"; clientId: string; userId: number; username: string; fullname: string };

export interface TokenSigner {
  sign(subject: TokenSubject, scope: string, lifetimeSeconds: number): Promise<string>;
  /** The verified claims, or null for anything malformed, forged or expired. */
  verify(token: string): Promise<AccessClaims | null>;
}

function loadOrCreateKey(paths: DataPaths): KeyObject {
  const pem = readIfExists(paths.signingKey);
  if (pem) return createPrivateKey(pem);
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  writeSecretFile(paths.signingKey, privateKey.export({ type: "pkcs8", format: "pem" }));
  return privateKey;
}

export function createTokenSigner(paths: DataPaths, issuer: string): TokenSigner {
  const privateKey = loadOrCreateKey(paths);
  const publicKey = createPublicKey(privateKey);
  return {
    async sign(subject, scope, lifetimeSeconds) {
      const claims =
        subject.kind === "user"
          ? { username: subject.username, name: subject.fullname, scope, client_id: subject.clientId }
          : { scope, client_id: subject.clientId };
      return (
        new SignJWT(claims)
          .setProtectedHeader({ alg: ALG, typ: "at+jwt" })
          .setIssuer(issuer)
          // RFC 9068: an access token names its audience; this server is the one resource server.
          .setAudience(issuer)
          .setSubject(subject.kind === "user" ? String(subject.userId) : subject.clientId)
          .setIssuedAt()
          .setExpirationTime(`${lifetimeSeconds}s`)
          .setJti(randomUUID())
          .sign(privateKey)
      );
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer,
          audience: issuer,
          algorithms: [ALG],
          typ: "at+jwt",
        });
        const parsed = accessClaimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
