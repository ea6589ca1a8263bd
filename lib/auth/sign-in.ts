import "server-only";
import { randomBytes } from "node:crypto";
import { PortalError } from "@/lib/browser-safe/errors";
import type { ChallengeOutcome } from "@/lib/challenge/accept-solution";
import { signInUser, revokeRefreshToken } from "@/lib/print-server/token-endpoint";
import { userFromAccessToken, type TokenUser } from "@/lib/print-server/token-claims";
import type { TokenSet } from "@/lib/print-server/token-set";
import { getOwnProfile } from "@/lib/print-server/users";
import type { SignInCredentials } from "./credentials-schema";
import type { StateStore } from "@/lib/state/state-store";
import { countedAttempt, type AttemptSource } from "./failed-sign-ins";
import { sameName } from "./person-name";

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
  /** The keyed hash of the name signed in as (person-name.ts), for the per-person counter. */
  person?: string;
  /** This browser's device id when its device cookie names `person` (device-cookie.ts). */
  device?: string;
  /** Checks the solved challenge the attempt came with (lib/challenge/). */
  challenge?: () => Promise<ChallengeOutcome>;
  /** Hashed name and address for the log lines. */
  logFields?: Record<string, unknown>;
  login?: (credentials: SignInCredentials, address: string | undefined) => Promise<TokenSet>;
  /** The person's aliases, read with their own token. */
  aliasesOf?: (tokens: TokenSet, user: TokenUser) => Promise<string[]>;
  revoke?: (refreshToken: string) => Promise<unknown>;
}

const ownAliases = async (tokens: TokenSet, user: TokenUser) =>
  (await getOwnProfile(tokens.accessToken, user.userId)).aliases;

/**
 * A PIN with a user name signs in only when the print server's token belongs
 * to that name (the user name or one of the aliases, any letter case): the
 * print server checks the PIN alone, which would otherwise sign in whoever
 * owns a guessed PIN. A mismatch is a wrong credential; its tokens are
 * revoked and never used.
 */
async function ownerChecked(credentials: SignInCredentials, tokens: TokenSet, deps: SignInDeps): Promise<TokenSet> {
  if (credentials.method !== "pin" || !credentials.username) return tokens;
  const name = credentials.username;
  const user = userFromAccessToken(tokens.accessToken);
  if (sameName(user.username, name)) return tokens;
  const aliases = await (deps.aliasesOf ?? ownAliases)(tokens, user);
  if (aliases.some((alias) => sameName(alias, name))) return tokens;
  if (tokens.refreshToken) await (deps.revoke ?? revokeRefreshToken)(tokens.refreshToken).catch(() => undefined);
  throw new PortalError("invalid_credentials", { reason: "PIN of another person" });
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
    {
      kind: credentials.method,
      pinFailureCeiling: deps.pinFailureCeiling,
      person: deps.person,
      device: deps.device,
      challenge: deps.challenge,
      logFields: deps.logFields,
    },
    async () => ownerChecked(credentials, await (deps.login ?? signInUser)(credentials, source.address), deps),
  );
  return startSession(tokens, deps);
}

/**
 * Opens a server-side session for a person's tokens (from any way of signing
 * in) and adds it to the person's index, so a new PIN or password can end it.
 * The person's oldest sessions beyond the index's bound end, at the print
 * server too, as a sign-out in their browsers would.
 */
export async function startSession(
  tokens: TokenSet,
  deps: Pick<SignInDeps, "store" | "idleTimeoutSeconds" | "maxLifetimeSeconds" | "revoke">,
): Promise<SignedIn> {
  const user = userFromAccessToken(tokens.accessToken);
  const sessionId = randomBytes(32).toString("base64url");
  await deps.store.saveSession(sessionId, { ...user, tokens, createdAt: Date.now() }, deps.idleTimeoutSeconds);
  const ended = await deps.store.indexSession(user.userId, sessionId, deps.maxLifetimeSeconds);
  const revoke = deps.revoke ?? revokeRefreshToken;
  await Promise.all(
    ended.flatMap(({ tokens: old }) => (old.refreshToken ? [revoke(old.refreshToken).catch(() => undefined)] : [])),
  );
  return { sessionId, ...user };
}
