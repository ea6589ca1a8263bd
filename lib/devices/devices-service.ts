import "server-only";
import type { ActiveSession } from "@/lib/auth/current-session";
import { getEnv } from "@/lib/env";
import { stateStore } from "@/lib/state/configured-state-store";
import { attemptsOfPerson, sessionsOfPerson, type Asker, type DevicesDeps } from "./device-sessions";

// The devices layer as routes and the page call it: this process's store and settings.

export function devicesDeps(): DevicesDeps {
  const env = getEnv();
  return { store: stateStore(), secret: env.AUTH_SECRET, idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT };
}

export function askerOf(active: ActiveSession): Asker {
  return { userId: active.session.userId, username: active.session.username, sessionId: active.sessionId };
}

/** What GET /api/devices answers, and the page's first paint. */
export async function devicesOverview(active: ActiveSession) {
  const deps = devicesDeps();
  const asker = askerOf(active);
  const [sessions, attempts] = await Promise.all([sessionsOfPerson(asker, deps), attemptsOfPerson(asker, deps)]);
  return { sessions, attempts };
}
