/**
 * Failed sign-ins in a sliding window, per user and per source address.
 * Kept in memory: a restart forgets them, which only ever helps the user.
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

  return {
    /** Seconds to wait for the given address and (if known) user; 0 when allowed. */
    retryAfter(address: string, userKey: string | null): number {
      return Math.max(
        wait(`addr:${address}`, limits.perAddress),
        userKey ? wait(`user:${userKey}`, limits.perUser) : 0,
      );
    },
    recordFailure(address: string, userKey: string | null): void {
      for (const key of [`addr:${address}`, ...(userKey ? [`user:${userKey}`] : [])]) {
        failures.set(key, [...recent(key), clock()]);
      }
    },
    /** A user's own success clears only that user's failures, never the address's or anyone else's. */
    recordSuccess(userKey: string): void {
      failures.delete(`user:${userKey}`);
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
