import "server-only";

// When an idle timer is restarted: at most once a minute (a quarter of the
// timeout when that is shorter), not on every request. The session in the
// state store (current-session.ts) and the session cookie (session-cookie.ts)
// follow the same rule, so activity keeps both alive at a write a minute.

/** The idle timer is restarted at most this often (a quarter of the timeout when that is shorter). */
export const touchEveryMs = 60_000;

/** How often a timer of this timeout is restarted at most. */
export function touchIntervalMs(idleTimeoutSeconds: number): number {
  return Math.min(touchEveryMs, (idleTimeoutSeconds * 1000) / 4);
}

/**
 * Whether a timer that runs out at `expiresAt` (epoch ms) is due for a
 * restart. A restart sets it to now + the timeout; once that restart is older
 * than the interval, less than (timeout - interval) remains.
 */
export function restartDue(expiresAt: number, idleTimeoutSeconds: number, now: number): boolean {
  return expiresAt - now < idleTimeoutSeconds * 1000 - touchIntervalMs(idleTimeoutSeconds);
}
