import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { countedAttempt, type AttemptSource } from "@/lib/auth/failed-sign-ins";
import type { SessionUser } from "@/lib/auth/current-session";
import { createPin } from "@/lib/print-server/self-service";
import { signInUser, type Credentials } from "@/lib/print-server/token-endpoint";
import { userFromAccessToken } from "@/lib/print-server/token-claims";
import type { TokenSet } from "@/lib/print-server/token-set";
import type { StateStore } from "@/lib/state/state-store";
import type { ChallengeOutcome } from "@/lib/challenge/accept-solution";

// "Get a new PIN": the person proves again who they are, then the print
// server makes the PIN for the session's own user id and retires the old
// ones. A guessed PIN must not be enough to keep an account: a person who has
// a password proves it with the password; a PIN-only person with the PIN, a
// solved challenge and a sign-in of the last few minutes. The secret is
// checked by the print server as a counted sign-in attempt, so the page
// cannot be used to guess. The PIN is only returned, never logged or kept.

export type Proof =
  { method: "pin"; pin: string; altcha?: string } | { method: "password"; password: string; altcha?: string };

/** A second request within this many seconds of a new PIN gets none (a double submit). */
export const newPinWindowSeconds = 30;

/** How old a PIN-only person's sign-in may be for a new PIN, unless PORTAL_NEW_PIN_SIGN_IN_MAX_AGE says. */
export const freshSignInSeconds = 5 * 60;

export interface NewPinDeps {
  store: StateStore;
  /** Whether the person has a password (the print server says: hasOwnPassword). */
  hasPassword: () => Promise<boolean>;
  /** When the session signed in (epoch ms). */
  signedInAt: number;
  /** How old that may be for a PIN-only person (default freshSignInSeconds). */
  signInMaxAgeSeconds?: number;
  /** What the challenge sent with a PIN proof is worth (lib/challenge/accept-solution.ts); a "solved" one is spent. */
  challenge: (payload: string | undefined) => Promise<ChallengeOutcome>;
  now?: () => number;
  /** The keyed hash of the person's user name and this browser's device id, for the sign-in counters. */
  person?: string;
  device?: string;
  pinFailureCeiling?: number;
  login?: (credentials: Credentials, address: string | undefined) => Promise<TokenSet>;
  create?: (userId: number) => Promise<string>;
}

/** The proof a person must give for a new PIN, and whether a PIN-only person's sign-in is still fresh enough. */
export type ProofNeeded = { proof: "password" } | { proof: "pin"; signInAgain: boolean };

export function proofNeeded(
  hasPassword: boolean,
  signedInAt: number,
  options: { now?: number; maxAgeSeconds?: number } = {},
): ProofNeeded {
  if (hasPassword) return { proof: "password" };
  const age = (options.now ?? Date.now()) - signedInAt;
  return { proof: "pin", signInAgain: age > (options.maxAgeSeconds ?? freshSignInSeconds) * 1000 };
}

/**
 * Refuses a proof of the wrong kind, a stale sign-in and a missing or used
 * challenge, before any secret reaches the print server. A PIN-only
 * person's challenge is spent here, so every PIN tried costs one; answers
 * whether it was.
 */
async function checkProofRules(proof: Proof, deps: NewPinDeps): Promise<boolean> {
  const needed = proofNeeded(await deps.hasPassword(), deps.signedInAt, {
    now: deps.now?.(),
    maxAgeSeconds: deps.signInMaxAgeSeconds,
  });
  if (needed.proof === "password") {
    if (proof.method === "password") return false;
    throw new PortalError("bad_request", {
      reason: "new PIN needs the password",
      field: "password",
      sentenceKey: "profile.newPin.answers.passwordNeeded",
    });
  }
  if (proof.method !== "pin")
    throw new PortalError("bad_request", {
      reason: "no password to prove with",
      field: "pin",
      sentenceKey: "profile.newPin.answers.noPassword",
    });
  if (needed.signInAgain)
    throw new PortalError("not_allowed", {
      reason: "sign-in too old for a new PIN",
      field: "signIn",
      sentenceKey: "profile.newPin.answers.signInAgain",
    });
  const outcome = await deps.challenge(proof.altcha);
  if (outcome !== "solved")
    throw new PortalError(outcome === "missing" ? "challenge_required" : "challenge_failed", {
      reason: "new PIN needs a solved challenge",
      sentenceKey: "profile.newPin.answers.challenge",
    });
  return true;
}

function credentialsOf(user: SessionUser, proof: Proof): Credentials {
  return proof.method === "pin"
    ? { method: "pin", pin: proof.pin }
    : { method: "password", username: user.username, password: proof.password };
}

async function confirmIdentity(
  user: SessionUser,
  proof: Proof,
  source: AttemptSource,
  deps: NewPinDeps,
  challenged: boolean,
) {
  const wrong = () =>
    new PortalError("invalid_credentials", {
      reason: "re-authentication refused",
      field: proof.method,
      sentenceKey: proof.method === "pin" ? "profile.pin.answers.wrongPin" : "profile.pin.answers.wrongPassword",
    });
  await countedAttempt(
    deps.store,
    source,
    {
      kind: proof.method,
      pinFailureCeiling: deps.pinFailureCeiling,
      person: deps.person,
      device: deps.device,
      // Over a limit the attempt needs a solved challenge; a PIN-only person's came with the proof.
      challenge: challenged ? async () => "solved" : () => deps.challenge(proof.altcha),
    },
    async () => {
      let tokens: TokenSet;
      try {
        tokens = await (deps.login ?? signInUser)(credentialsOf(user, proof), source.address);
      } catch (error) {
        if (error instanceof PortalError && error.code === "invalid_credentials") throw wrong();
        throw error;
      }
      // Someone else's PIN signs someone else in: for this page it is a wrong one.
      if (userFromAccessToken(tokens.accessToken).userId !== user.userId) throw wrong();
    },
  );
}

export async function issueNewPin(
  user: SessionUser,
  proof: Proof,
  source: AttemptSource,
  deps: NewPinDeps,
): Promise<string> {
  const made = `new-pin:${user.userId}`;
  // One request of a person's at a time, and a PIN just made answers before
  // any proof is checked: a double submit's second proof would reach the
  // print server after the first had retired that PIN, and be refused and
  // counted as a failed sign-in.
  return deps.store.withLock(made, async () => {
    const before = await deps.store.peek(made);
    if (before.count > 0)
      throw new PortalError("in_progress", {
        reason: "new PIN already made",
        retryAfterSeconds: before.resetInSeconds,
        sentenceKey: "profile.pin.answers.justMade",
      });
    const challenged = await checkProofRules(proof, deps);
    await confirmIdentity(user, proof, source, deps, challenged);
    const pin = await (deps.create ?? createPin)(user.userId);
    await deps.store.hit(made, newPinWindowSeconds);
    return pin;
  });
}
