/**
 * Failed sign-ins in a sliding window, per user and per source address.
 * Kept in memory: a restart forgets them, which only ever helps the user.
 *
 * `attempt` is the atomic way in: it checks the limits and counts the attempt
 * as a failure in the same synchronous step, before the caller awaits a
 * password hash, so 40 parallel guesses get exactly as many tries as 40 in a
 * row; a success then takes its own count back.
 */
export interface SignInLimits {
  perUser: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: Omit<SignInLimits, "windowSeconds"> = { perUser: 5, perAddress: 10 };

export function createSignInLimiter(limits: SignInLimits, clock: () => number = Date.now) {
  const failures = new Map<string, number[]>();
  const windowMs = limits.windowSeconds * 1000;

  function recent(key: string): number[] {
    const cutoff = clock() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  }

  /** Seconds until the key may try again; 0 when it may try now. */
  function wait(key: string, limit: number): number {
    const list = recent(key);
    if (list.length < limit) return 0;
    const oldestThatCounts = list[list.length - limit] ?? clock();
    return Math.max(1, Math.ceil((oldestThatCounts + windowMs - clock()) / 1000));
  }

  // Keeps the map small when someone sprays many different names.
  setInterval(() => [...failures.keys()].forEach(recent), 60_000).unref();

  function record(address: string, userKey: string | null, at: number): void {
    for (const key of [`addr:${address}`, ...(userKey ? [`user:${userKey}`] : [])]) {
      failures.set(key, [...recent(key), at]);
    }
  }

  function retryAfter(address: string, userKey: string | null): number {
    return Math.max(wait(`addr:${address}`, limits.perAddress), userKey ? wait(`user:${userKey}`, limits.perUser) : 0);
  }

  return {
    /**
     * One sign-in attempt (or anything that checks a user's secret), counted
     * at once: `{ retryAfter }` above the limits, else an attempt that stays a
     * failure unless `succeeded()` is called.
     */
    attempt(address: string, userKey: string | null): { retryAfter: number } | { succeeded(): void } {
      const waitSeconds = retryAfter(address, userKey);
      if (waitSeconds > 0) return { retryAfter: waitSeconds };
      const at = clock();
      record(address, userKey, at);
      return {
        succeeded: () => {
          const list = failures.get(`addr:${address}`);
          const index = list?.lastIndexOf(at) ?? -1;
          if (list && index >= 0) list.splice(index, 1);
          // A user's own success clears only that user's failures, never the address's or anyone else's.
          if (userKey) failures.delete(`user:${userKey}`);
        },
      };
    },
    /** Seconds to wait for the given address and (if known) user; 0 when allowed. */
    retryAfter,
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
