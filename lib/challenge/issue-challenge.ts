import "server-only";
import { createChallenge, randomInt, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { challengeSecrets, type ChallengeSecrets } from "./challenge-secrets";

// A proof-of-work challenge (ALTCHA, self-hosted): the browser searches for
// a counter the server picked at random, about a second of one core's work,
// and checking the answer costs the server one key derivation.

export const challengeAlgorithm = "PBKDF2/SHA-256";

export const challengeRules = {
  /** PBKDF2 iterations per try. */
  cost: 2_000,
  /** The counter the browser must reach lies between these. */
  minCounter: 2_000,
  maxCounter: 5_000,
  /** How long a challenge can be solved and sent. */
  lifetimeSeconds: 5 * 60,
} as const;

export type { Challenge };

export interface IssueOptions {
  secrets?: ChallengeSecrets;
  now?: () => number;
}

/** A fresh signed challenge, to be solved within `challengeRules.lifetimeSeconds`. */
export async function issueChallenge(options: IssueOptions = {}): Promise<Challenge> {
  const secrets = options.secrets ?? challengeSecrets();
  const now = options.now?.() ?? Date.now();
  return createChallenge({
    algorithm: challengeAlgorithm,
    cost: challengeRules.cost,
    counter: randomInt(challengeRules.maxCounter, challengeRules.minCounter),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + challengeRules.lifetimeSeconds,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}
