import "server-only";
import { devicesResponse } from "@/app/api/devices/schema";
import { valueWithin } from "@/lib/async/value-within";
import { withUserToken, type ActiveSession, type SessionState } from "@/lib/auth/current-session";
import { getEnv } from "@/lib/env";
import { errorFields, log } from "@/lib/log";
import { revokeRefreshToken } from "@/lib/print-server/token-endpoint";
import { getOwnProfile } from "@/lib/print-server/users";
import { stateStore } from "@/lib/state/configured-state-store";
import { attemptsOfPerson, sessionsOfPerson, type Asker, type DevicesDeps } from "./device-sessions";

// The devices layer as routes and the page call it: this process's store and
// settings, and the person's aliases read with their own token.

export function devicesDeps(): DevicesDeps {
  const env = getEnv();
  return {
    store: stateStore(),
    secret: env.AUTH_SECRET,
    idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT,
    revoke: revokeSignedOut,
  };
}

/** A server without revocation, or one that fails, leaves the chain to run out (as at sign-out). */
async function revokeSignedOut(refreshToken: string): Promise<void> {
  try {
    if (!(await revokeRefreshToken(refreshToken)))
      log.info("refresh token not revoked: the print server offers no revocation");
  } catch (error) {
    log.warn("refresh token of a signed-out device not revoked", errorFields(error));
  }
}

export function askerOf(active: ActiveSession): Asker {
  return {
    userId: active.session.userId,
    username: active.session.username,
    sessionId: active.sessionId,
    current: { session: active.session, expiresAt: active.expiresAt },
  };
}

/** The person's aliases, as their profile at the print server lists them, read with their token. */
function aliasesWith(token: string) {
  return async (asker: Asker) => (await getOwnProfile(token, asker.userId)).aliases;
}

/** What GET /api/devices answers, and the page's first paint; `token` is the person's access token. */
export async function devicesOverview(active: ActiveSession, token: string) {
  const deps = { ...devicesDeps(), aliasesOf: aliasesWith(token) };
  const asker = askerOf(active);
  const [sessions, attempts] = await Promise.all([sessionsOfPerson(asker, deps), attemptsOfPerson(asker, deps)]);
  return { sessions, attempts };
}

/**
 * The page's first paint: the same answer as GET /api/devices, or none (the
 * browser then reads it, with its loading and Retry). It reads the aliases
 * from the print server, so a slow one does not hold the page up longer than
 * PORTAL_FIRST_PAINT_WAIT_MS, as the home page's figures.
 */
export async function devicesFirstPaint(state: SessionState) {
  if (state.status !== "active") return undefined;
  // Reads only: a token that expired on its way may be refreshed and the read made again.
  const reading = withUserToken(state, (token) => devicesOverview(state, token), { safeToRepeat: true }).then(
    (overview) => ({ data: devicesResponse.parse(overview), at: Date.now() }),
  );
  return valueWithin(reading, getEnv().PORTAL_FIRST_PAINT_WAIT_MS, undefined).catch(() => undefined);
}
