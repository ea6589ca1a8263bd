import "server-only";
import { randomBytes } from "node:crypto";
import { signInUser } from "@/lib/print-server/token-endpoint";
import { userFromAccessToken } from "@/lib/print-server/token-claims";
import type { TokenSet } from "@/lib/print-server/token-set";
import type { SignInCredentials } from "./credentials-schema";
import type { StateStore } from "@/lib/state/state-store";
import { countedAttempt, type AttemptSource } from "./failed-sign-ins";

export interface SignedIn {
  sessionId: string;
  userId: number;
  username: string;
  fullName: string;
}

export interface SignInDeps {
  store: StateStore;
  idleTimeoutSeconds: number;
  /** SESSION_MAX_LIFETIME: how long the session can last at most, and so its entry in the person's index. */
  maxLifetimeSeconds: number;
  /** PORTAL_PIN_FAILURE_CEILING. */
  pinFailureCeiling?: number;
  login?: (credentials: SignInCredentials, address: string | undefined) => Promise<TokenSet>;
}

/** Checks the credentials with the print server and opens a server-side session. */
export async function openSession(
  credentials: SignInCredentials,
  source: AttemptSource,
  deps: SignInDeps,
): Promise<SignedIn> {
  const tokens = await countedAttempt(
    deps.store,
    source,
    { kind: credentials.method, pinFailureCeiling: deps.pinFailureCeiling },
    () => (deps.login ?? signInUser)(credentials, source.address),
  );
  return startSession(tokens, deps);
}

/**
 * Opens a server-side session for a person's tokens (from any way of signing
 * in) and adds it to the person's index, so a new PIN or password can end it.
 */
export async function startSession(
  tokens: TokenSet,
  deps: Pick<SignInDeps, "store" | "idleTimeoutSeconds" | "maxLifetimeSeconds">,
): Promise<SignedIn> {
  const user = userFromAccessToken(tokens.accessToken);
  const sessionId = randomBytes(32).toString("base64url");
  await deps.store.saveSession(sessionId, { ...user, tokens, createdAt: Date.now() }, deps.idleTimeoutSeconds);
  await deps.store.indexSession(user.userId, sessionId, deps.maxLifetimeSeconds);
  return { sessionId, ...user };
}
