import { sessionIdOfRequest } from "@/lib/auth/current-session";
import { sessionStatusOf } from "@/lib/auth/session-end";
import { getEnv } from "@/lib/env";
import { answerJson, publicRoute, userRoute } from "@/lib/http/route";
import { stateStore } from "@/lib/state/configured-state-store";
import { sessionStatusResponse } from "./schema";

export const dynamic = "force-dynamic";

// When the session ends. Reading it must not count as activity (the page
// asks on its own), so it reads the store directly instead of through
// currentSession(), which restarts the idle timer.
export const GET = publicRoute({}, async () => {
  const sessionId = await sessionIdOfRequest();
  const live = sessionId ? await stateStore().readSession(sessionId) : undefined;
  return answerJson(sessionStatusResponse, sessionStatusOf(live, getEnv().SESSION_MAX_LIFETIME));
});

// "Stay signed in": restarts the idle timer (the other limits stay). The
// session as the wrapper read it, with the timer's new end: no second read.
export const POST = userRoute({}, async ({ session }) => {
  const env = getEnv();
  await stateStore().touchSession(session.sessionId, env.SESSION_IDLE_TIMEOUT);
  const live = { session: session.session, expiresAt: Date.now() + env.SESSION_IDLE_TIMEOUT * 1000 };
  return answerJson(sessionStatusResponse, sessionStatusOf(live, env.SESSION_MAX_LIFETIME));
});
