import { sessionIdOfRequest } from "@/lib/auth/current-session";
import { sessionEnd } from "@/lib/auth/session-end";
import { getEnv } from "@/lib/env";
import { answerJson, publicRoute, userRoute } from "@/lib/http/route";
import { stateStore } from "@/lib/state/configured-state-store";
import type { LiveSession } from "@/lib/state/state-store";
import { sessionStatusResponse, type SessionStatus } from "./schema";

export const dynamic = "force-dynamic";

function statusOf(live: LiveSession | undefined): SessionStatus {
  if (!live) return { signedIn: false };
  const end = sessionEnd(live, getEnv().SESSION_MAX_LIFETIME);
  // Past its absolute lifetime or its token's end, it is over, though still stored until its next use.
  if (end.endsAt <= Date.now()) return { signedIn: false };
  return {
    signedIn: true,
    secondsLeft: Math.max(0, Math.floor((end.endsAt - Date.now()) / 1000)),
    reason: end.reason,
    extendable: end.extendable,
  };
}

// When the session ends. Reading it must not count as activity (the page
// asks on its own), so it reads the store directly instead of through
// currentSession(), which restarts the idle timer.
export const GET = publicRoute({}, async () => {
  const sessionId = await sessionIdOfRequest();
  const live = sessionId ? await stateStore().readSession(sessionId) : undefined;
  return answerJson(sessionStatusResponse, statusOf(live));
});

// "Stay signed in": restarts the idle timer (the other limits stay). The
// session as the wrapper read it, with the timer's new end: no second read.
export const POST = userRoute({}, async ({ session }) => {
  const idleTimeout = getEnv().SESSION_IDLE_TIMEOUT;
  await stateStore().touchSession(session.sessionId, idleTimeout);
  return answerJson(
    sessionStatusResponse,
    statusOf({ session: session.session, expiresAt: Date.now() + idleTimeout * 1000 }),
  );
});
