import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { countedAttempt, type AttemptSource } from "@/lib/auth/failed-sign-ins";
import type { SessionUser } from "@/lib/auth/current-session";
import { createPin } from "@/lib/print-server/self-service";
import { signInUser, type Credentials } from "@/lib/print-server/token-endpoint";
import { userFromAccessToken } from "@/lib/print-server/token-claims";
import type { TokenSet } from "@/lib/print-server/token-set";
import type { StateStore } from "@/lib/state/state-store";

// "Get a new PIN": the person proves again who they are (their current PIN or
// password, checked by the print server, not just the session), then the
// print server makes the PIN for the session's own user id and retires the
// old ones. Wrong proofs count as failed sign-ins of the browser, so the page
// cannot be used to guess PINs. The PIN is only returned, never logged or kept.

export type Proof = { method: "pin"; pin: string } | { method: "password"; password: string };

/** A second request within this many seconds of a new PIN gets none (a double submit). */
export const newPinWindowSeconds = 30;

export interface NewPinDeps {
  store: StateStore;
  pinFailureCeiling?: number;
  login?: (credentials: Credentials, address: string | undefined) => Promise<TokenSet>;
  create?: (userId: number) => Promise<string>;
}

function credentialsOf(user: SessionUser, proof: Proof): Credentials {
  return proof.method === "pin"
    ? { method: "pin", pin: proof.pin }
    : { method: "password", username: user.username, password: proof.password };
}

async function confirmIdentity(user: SessionUser, proof: Proof, source: AttemptSource, deps: NewPinDeps) {
  const wrong = () =>
    new PortalError("invalid_credentials", {
      reason: "re-authentication refused",
      field: proof.method,
      sentenceKey: proof.method === "pin" ? "profile.pin.answers.wrongPin" : "profile.pin.answers.wrongPassword",
    });
  await countedAttempt(
    deps.store,
    source,
    { kind: proof.method, pinFailureCeiling: deps.pinFailureCeiling },
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
    await confirmIdentity(user, proof, source, deps);
    const pin = await (deps.create ?? createPin)(user.userId);
    await deps.store.hit(made, newPinWindowSeconds);
    return pin;
  });
}
