import "server-only";
import type { SessionStatus } from "@/app/api/session/schema";
import type { LiveSession } from "@/lib/state/state-store";

// When a session ends, and why: the first of its idle timeout, its absolute
// lifetime and (without a refresh token: single sign-on, or no
// offline.access) its access token's end. Only an idle end can be put off.

export type SessionEndReason = "idle" | "absolute" | "token";

export interface SessionEnd {
  endsAt: number;
  reason: SessionEndReason;
  extendable: boolean;
}

export function sessionEnd(live: LiveSession, maxLifetimeSeconds: number): SessionEnd {
  const ends: [SessionEndReason, number][] = [
    ["idle", live.expiresAt],
    ["absolute", live.session.createdAt + maxLifetimeSeconds * 1000],
  ];
  if (!live.session.tokens.refreshToken) ends.push(["token", live.session.tokens.expiresAt]);
  const [reason, endsAt] = ends.reduce((first, next) => (next[1] < first[1] ? next : first));
  return { endsAt, reason, extendable: reason === "idle" };
}

/** What the page's session-end warning is told: seconds from now (no clock to compare), why, and whether it can be put off. */
export function sessionStatusOf(
  live: LiveSession | undefined,
  maxLifetimeSeconds: number,
  now = Date.now(),
): SessionStatus {
  if (!live) return { signedIn: false };
  const end = sessionEnd(live, maxLifetimeSeconds);
  // Past its absolute lifetime or its token's end, it is over, though still stored until its next use.
  if (end.endsAt <= now) return { signedIn: false };
  return {
    signedIn: true,
    secondsLeft: Math.max(0, Math.floor((end.endsAt - now) / 1000)),
    reason: end.reason,
    extendable: end.extendable,
  };
}
