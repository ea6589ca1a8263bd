import ipaddr from "ipaddr.js";

/**
 * Failed sign-ins in a sliding window, per user, per source address and, for
 * PIN sign-ins, for the whole organisation. Kept in memory: a restart forgets
 * them, which only ever helps the user.
 *
 * `attempt` is the atomic way in: it checks the limits and counts the attempt
 * as a failure in the same synchronous step, before the caller awaits a
 * password hash, so 40 parallel guesses get exactly as many tries as 40 in a
 * row; a success then takes its own count back.
 */
export interface SignInLimits {
  perUser: number;
  perAddress: number;
  /** Failed PIN sign-ins of everyone together: a PIN names no user, so spraying PINs is limited here. */
  pinCeiling: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: Omit<SignInLimits, "windowSeconds"> = { perUser: 5, perAddress: 10, pinCeiling: 100 };

/**
 * The source a per-address limit counts: an IPv4 address as it is (also when
 * written IPv4-mapped), an IPv6 one by its /64, which one host or household
 * gets whole and can fill with any number of addresses.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${prefix.toString()}/64`;
}

const ORG_PIN = "org:pin";

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

  /** The keys one attempt counts against, each with its limit. */
  function keysOf(address: string, userKey: string | null, pin: boolean): [string, number][] {
    return [
      [`addr:${addressBucket(address)}`, limits.perAddress],
      ...(userKey ? [[`user:${userKey}`, limits.perUser] as [string, number]] : []),
      ...(pin ? [[ORG_PIN, limits.pinCeiling] as [string, number]] : []),
    ];
  }

  function retryAfter(address: string, userKey: string | null, { pin = false }: { pin?: boolean } = {}): number {
    return Math.max(0, ...keysOf(address, userKey, pin).map(([key, limit]) => wait(key, limit)));
  }

  return {
    /**
     * One sign-in attempt (or anything that checks a user's secret), counted
     * at once: `{ retryAfter }` above the limits, else an attempt that stays a
     * failure unless `succeeded()` is called. `pin`: the secret is a PIN, so
     * the organisation's PIN ceiling applies too.
     */
    attempt(
      address: string,
      userKey: string | null,
      { pin = false }: { pin?: boolean } = {},
    ): { retryAfter: number } | { succeeded(): void } {
      const waitSeconds = retryAfter(address, userKey, { pin });
      if (waitSeconds > 0) return { retryAfter: waitSeconds };
      const at = clock();
      const keys = keysOf(address, userKey, pin).map(([key]) => key);
      for (const key of keys) failures.set(key, [...recent(key), at]);
      return {
        succeeded: () => {
          for (const key of keys) {
            if (key.startsWith("user:")) continue;
            const list = failures.get(key);
            const index = list?.lastIndexOf(at) ?? -1;
            if (list && index >= 0) list.splice(index, 1);
          }
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
