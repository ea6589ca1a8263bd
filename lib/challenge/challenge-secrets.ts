import "server-only";
import { createHmac } from "node:crypto";
import { getEnv } from "@/lib/env";

// The challenge's HMAC secrets, derived from AUTH_SECRET so every instance of
// the portal signs and checks the same challenges without another setting,
// and a leaked challenge key says nothing about the session cookies' key.

export interface ChallengeSecrets {
  /** Signs the challenge's parameters. */
  signature: string;
  /** Signs the derived key, so checking a solution costs one derivation. */
  keySignature: string;
}

export function challengeSecrets(authSecret: string = getEnv().AUTH_SECRET): ChallengeSecrets {
  const derive = (purpose: string) => createHmac("sha256", authSecret).update(purpose).digest("base64url");
  return { signature: derive("altcha challenge signature"), keySignature: derive("altcha challenge key signature") };
}
