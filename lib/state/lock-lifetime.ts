import "server-only";

// How long the session's refresh lock lives, and how long the one call made
// under it (the token refresh) may take. Refresh tokens rotate, and the print
// server revokes the whole chain when a retired one is used again. So:
// - the lock must outlive the refresh call: were it released while the call
//   is still out, another request would refresh with the same token;
// - the refresh call's time limit is the lock's life less a margin, not the
//   usual call limit (PRINT_SERVER_TIMEOUT_MS): a refresh the print server
//   made but whose late answer the portal dropped would be lost, and the next
//   refresh, with the retired token, would end the session.

/** How long a lock is held at most before the store lets it go (a crashed holder). */
export function lockTtlFor(callTimeoutMs: number): number {
  return Math.max(30_000, 2 * callTimeoutMs + 5_000);
}

/** The time limit of a token refresh: the lock's life less the time to save its answer. */
export function refreshTimeLimitFor(callTimeoutMs: number): number {
  return lockTtlFor(callTimeoutMs) - 5_000;
}
