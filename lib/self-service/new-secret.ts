import "server-only";
import { tokensLock } from "@/lib/auth/access-token";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorFields, log } from "@/lib/log";
import { signInUser, type Credentials } from "@/lib/print-server/token-endpoint";
import { userFromAccessToken } from "@/lib/print-server/token-claims";
import type { TokenSet } from "@/lib/print-server/token-set";
import type { StateStore } from "@/lib/state/state-store";

// A new PIN or password ends every other session of the person at once: one
// opened with a guessed or leaked secret must not outlive the new one. The
// print server also revokes every refresh chain of the person, this
// session's too, so this session signs in again with the new secret. Its
// tokens lock is held throughout, so no refresh of it meanwhile sends a
// token the change has just revoked.

export interface NewSecretDeps {
  store: StateStore;
  idleTimeoutSeconds: number;
  login?: (credentials: Credentials, address: string | undefined) => Promise<TokenSet>;
}

/** The session the change is made from, which stays. */
export interface ThisSession {
  sessionId: string;
  userId: number;
}

/**
 * Runs `change` (the new secret at the print server: its answer, and the
 * credentials that now sign the person in), then ends the person's other
 * sessions and renews this one's tokens. A failed renewal is logged: the
 * session then lasts as long as its access token.
 */
export async function withNewSecret<T>(
  current: ThisSession,
  address: string | undefined,
  change: () => Promise<{ value: T; signInWith: Credentials }>,
  deps: NewSecretDeps,
): Promise<T> {
  return deps.store.withLock(tokensLock(current.sessionId), async () => {
    const { value, signInWith } = await change();
    const ended = await deps.store.endOtherSessions(current.userId, current.sessionId);
    log.info("other sessions ended", { userId: current.userId, sessions: ended });
    await renewTokens(current, signInWith, address, deps).catch((error: unknown) =>
      log.warn("session tokens not renewed after a new secret", errorFields(error)),
    );
    return value;
  });
}

async function renewTokens(
  current: ThisSession,
  credentials: Credentials,
  address: string | undefined,
  deps: NewSecretDeps,
): Promise<void> {
  const latest = (await deps.store.readSession(current.sessionId))?.session;
  // Without a refresh token (single sign-on) nothing was revoked: the session runs to its token's end as before.
  if (!latest?.tokens.refreshToken) return;
  const tokens = await (deps.login ?? signInUser)(credentials, address);
  if (userFromAccessToken(tokens.accessToken).userId !== current.userId)
    throw new PortalError("internal", { reason: "the new secret signed in someone else" });
  await deps.store.updateSession(current.sessionId, { ...latest, tokens }, deps.idleTimeoutSeconds);
}
