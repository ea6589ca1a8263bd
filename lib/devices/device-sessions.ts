import "server-only";
import type { z } from "zod/mini";
import type { attemptReasons, deviceSessionView, signInAttemptView } from "@/app/api/devices/schema";
import { PortalError } from "@/lib/browser-safe/errors";
import { errorFields, log } from "@/lib/log";
import type { LiveSession, StateStore } from "@/lib/state/state-store";
import { describeUserAgent } from "./describe-user-agent";
import { sessionHandleOf } from "./session-handle";
import { signInAttemptsOf, type SignInAttempt } from "./sign-in-attempts";

// The person's sessions and sign-in attempts as their "Devices and sign-ins"
// page shows them, and signing out their other sessions. Every session is
// found through the person's own index (state-store.ts), so nothing here can
// reach another person's session. The attempts are those typed with the
// user name or any of the person's aliases, so guessing at an alias shows too.

export type DeviceSessionView = z.infer<typeof deviceSessionView>;
export type SignInAttemptView = z.infer<typeof signInAttemptView>;

export interface DevicesDeps {
  store: StateStore;
  /** AUTH_SECRET: the key of the sessions' handles. */
  secret: string;
  /** SESSION_IDLE_TIMEOUT: a session's idle timer was last restarted this long before it runs out. */
  idleTimeoutSeconds: number;
  now?: () => number;
  /** Ends a signed-out session's refresh chain at the print server (best effort: it never throws). */
  revoke?: (refreshToken: string) => Promise<void>;
  /** The person's aliases, as the print server tells them to the person (none without it). */
  aliasesOf?: (asker: Asker) => Promise<readonly string[]>;
}

/** Who is asking: the person and the session of their browser. */
export interface Asker {
  userId: number;
  username: string;
  sessionId: string;
  /** The asker's session as this request already read it (not read again). */
  current?: LiveSession;
}

/**
 * The person's live sessions, this browser's first, then the most recently
 * active. "Last active" is when the idle timer was last restarted, which
 * happens at most once a minute (current-session.ts): it costs no write of its own.
 */
export async function sessionsOfPerson(asker: Asker, deps: DevicesDeps): Promise<DeviceSessionView[]> {
  const ids = await deps.store.sessionsOf(asker.userId);
  const read = (id: string) => (id === asker.sessionId && asker.current ? asker.current : deps.store.readSession(id));
  const reads = await Promise.all(ids.map(async (id) => ({ id, live: await read(id) })));
  const views = reads.flatMap(({ id, live }) => {
    if (!live || live.session.userId !== asker.userId) return [];
    const lastActive = Math.max(live.session.createdAt, live.expiresAt - deps.idleTimeoutSeconds * 1000);
    return [
      {
        handle: sessionHandleOf(id, deps.secret),
        ...describeUserAgent(live.session.userAgent),
        address: live.session.address ?? null,
        startedAt: new Date(live.session.createdAt).toISOString(),
        lastActiveAt: new Date(lastActive).toISOString(),
        current: id === asker.sessionId,
      },
    ];
  });
  return views.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** The refresh tokens of these sessions of the person, read before they end. */
async function refreshTokensOf(asker: Asker, ids: string[], deps: DevicesDeps): Promise<string[]> {
  const reads = await Promise.all(ids.map((id) => deps.store.readSession(id)));
  return reads.flatMap((live) =>
    live?.session.userId === asker.userId && live.session.tokens.refreshToken ? [live.session.tokens.refreshToken] : [],
  );
}

/** As signing out in that browser would: its refresh chains end at the print server too. */
async function revokeAll(refreshTokens: string[], deps: DevicesDeps): Promise<void> {
  if (deps.revoke) await Promise.all(refreshTokens.map(deps.revoke));
}

/** Signs out the person's session with this handle, unless it is the asker's own; answers how many ended (0 or 1). */
export async function endSessionByHandle(asker: Asker, handle: string, deps: DevicesDeps): Promise<number> {
  const ids = await deps.store.sessionsOf(asker.userId);
  const target = ids.find((id) => id !== asker.sessionId && sessionHandleOf(id, deps.secret) === handle);
  if (!target) return 0;
  const refreshTokens = await refreshTokensOf(asker, [target], deps);
  if (!(await deps.store.endSessionOf(asker.userId, target))) return 0;
  await revokeAll(refreshTokens, deps);
  return 1;
}

/** Signs out every session of the person but the asker's own; answers how many ended. */
export async function endOtherSessions(asker: Asker, deps: DevicesDeps): Promise<number> {
  const others = (await deps.store.sessionsOf(asker.userId)).filter((id) => id !== asker.sessionId);
  const refreshTokens = await refreshTokensOf(asker, others, deps);
  const ended = await deps.store.endOtherSessions(asker.userId, asker.sessionId);
  await revokeAll(refreshTokens, deps);
  return ended;
}

const reasonByCode: Record<string, (typeof attemptReasons)[number]> = {
  "signed-in": "signedIn",
  invalid_credentials: "wrongCredentials",
  locked: "tooManyAttempts",
  challenge_required: "challengeMissing",
  challenge_failed: "challengeMissing",
  unreachable: "serverAway",
  upstream_malformed: "serverAway",
  busy: "serverAway",
  unavailable: "serverAway",
  denied: "denied",
};

function attemptView(attempt: SignInAttempt): SignInAttemptView {
  return {
    at: new Date(attempt.at).toISOString(),
    method: attempt.method,
    outcome: attempt.outcome,
    reason: reasonByCode[attempt.reason] ?? "other",
    ...describeUserAgent(attempt.userAgent),
    address: attempt.address ?? null,
  };
}

/**
 * The aliases to read attempts under. A print server that cannot tell them
 * costs only their attempts, not the page; a revoked token still ends the
 * session, as any read with it does.
 */
async function aliasesOrNone(asker: Asker, deps: DevicesDeps): Promise<readonly string[]> {
  if (!deps.aliasesOf) return [];
  try {
    return await deps.aliasesOf(asker);
  } catch (error) {
    if (error instanceof PortalError && error.code === "session_ended") throw error;
    log.warn("sign-in attempts under aliases not listed: aliases not read", errorFields(error));
    return [];
  }
}

/** The person's sign-in attempts of the last 30 days under their user name and aliases, newest first. */
export async function attemptsOfPerson(asker: Asker, deps: DevicesDeps): Promise<SignInAttemptView[]> {
  const names = [asker.username, ...(await aliasesOrNone(asker, deps))];
  return (await signInAttemptsOf(names, deps.store, (deps.now ?? Date.now)())).map(attemptView);
}
