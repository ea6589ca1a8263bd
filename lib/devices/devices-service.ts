import "server-only";
import { devicesResponse } from "@/app/api/devices/schema";
import type { ActiveSession, SessionState } from "@/lib/auth/current-session";
import { getEnv } from "@/lib/env";
import { errorFields, log } from "@/lib/log";
import { revokeRefreshToken } from "@/lib/print-server/token-endpoint";
import { stateStore } from "@/lib/state/configured-state-store";
import { attemptsOfPerson, sessionsOfPerson, type Asker, type DevicesDeps } from "./device-sessions";

// The devices layer as routes and the page call it: this process's store and settings.

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

/** What GET /api/devices answers, and the page's first paint. */
export async function devicesOverview(active: ActiveSession) {
  const deps = devicesDeps();
  const asker = askerOf(active);
  const [sessions, attempts] = await Promise.all([sessionsOfPerson(asker, deps), attemptsOfPerson(asker, deps)]);
  return { sessions, attempts };
}

/** The page's first paint: the same answer as GET /api/devices, or none (the browser then reads it, with its loading and Retry). */
export async function devicesFirstPaint(state: SessionState) {
  if (state.status !== "active") return undefined;
  try {
    return { data: devicesResponse.parse(await devicesOverview(state)), at: Date.now() };
  } catch {
    return undefined;
  }
}
