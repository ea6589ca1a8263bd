import "server-only";
import { verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { PortalError } from "@/lib/browser-safe/errors";
import { stateStore } from "@/lib/state/configured-state-store";
import type { StateStore } from "@/lib/state/state-store";
import { challengeSecrets, type ChallengeSecrets } from "./challenge-secrets";
import { challengeRules } from "./issue-challenge";

// Checks a solved challenge as the widget sends it (base64 of JSON with the
// challenge and its solution) and accepts each one once: its nonce is counted
// in the state store, atomically and across instances, until long after the
// challenge itself has expired.

export type ChallengeOutcome =
  /** A valid solution, seen for the first time. */
  | "solved"
  /** No solution sent. */
  | "missing"
  /** Garbled, wrong, expired, signed by someone else, or already used. */
  | "failed";

export interface AcceptDeps {
  store?: StateStore;
  secrets?: ChallengeSecrets;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(32),
        nonce: z.string().regex(/^[0-9a-f]{8,128}$/),
        salt: z.string().max(256),
        cost: z.number().int().positive().max(1_000_000),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: z.string().max(128),
      })
      .loose(),
    signature: z.string().max(256),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }).loose(),
});

// Long enough that a nonce is remembered until its challenge can no longer verify.
const usedWindowSeconds = challengeRules.lifetimeSeconds + 60;

function parsePayload(payload: string) {
  if (payload.length > 4096) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What a sent solution is worth; a "solved" one is used up by this call. */
export async function acceptSolution(
  payload: string | null | undefined,
  deps: AcceptDeps = {},
): Promise<ChallengeOutcome> {
  if (!payload) return "missing";
  const parsed = parsePayload(payload);
  if (!parsed) return "failed";
  const secrets = deps.secrets ?? challengeSecrets();
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  }).catch(() => undefined);
  if (!result?.verified) return "failed";
  // Counted only once verified, so garbage cannot fill the store.
  const store = deps.store ?? stateStore();
  const { count } = await store.hit(`challenge-solved:${parsed.challenge.parameters.nonce}`, usedWindowSeconds);
  return count === 1 ? "solved" : "failed";
}

/**
 * Refuses unless `payload` is a fresh solved challenge: `challenge_required`
 * without one, `challenge_failed` for one that does not count.
 */
export async function requireSolvedChallenge(payload: string | null | undefined, deps: AcceptDeps = {}): Promise<void> {
  const outcome = await acceptSolution(payload, deps);
  if (outcome === "missing") throw new PortalError("challenge_required", { reason: "challenge needed" });
  if (outcome === "failed") throw new PortalError("challenge_failed", { reason: "challenge not solved" });
}
