import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import { log } from "@/lib/log";
import type { StateStore } from "@/lib/state/state-store";
import { addressGroup } from "./client-address";

// The portal's own limit on guessing credentials, in three counters of a
// 15-minute window (README, "Reliability"):
// - per browser: 5 failures. A browser is its address (IPv6: the /64) plus the
//   random id of its sign-in cookie, so people who share an address (an office
//   behind one NAT or proxy) never lock each other out. Requests without the
//   cookie (scripts that drop cookies) share their address's counter.
//   The attempt is claimed before the credentials are checked, atomically:
//   of 40 guesses sent at once at most 5 reach the print server.
// - per address, all browsers together: a ceiling of 50, so a client that
//   takes a fresh cookie for every guess is stopped too.
// - across the organisation, failed sign-ins by PIN alone: a ceiling
//   (PORTAL_PIN_FAILURE_CEILING) against guessing PINs from many addresses;
//   reaching it pauses PIN sign-in and writes one log line to alert on.
// Every counter is claimed before the credentials are checked, as one count
// each (of 200 guesses sent at once with 200 cookies, 50 reach the print
// server), and given back unless the check failed. An attempt in flight thus
// holds a place: an address would need 50 sign-ins in flight at once (the
// organisation 100 PIN sign-ins) before one is refused without a failure.
// A success does not reset a count, or a person with one valid PIN could
// interleave it with guesses at other people's.

export const signInLimit = { maxFailures: 5, addressCeiling: 50, windowSeconds: 15 * 60 } as const;
export const defaultPinFailureCeiling = 100;

export interface AttemptSource {
  /** The browser's address (client-address.ts), unknown without the portal's server. */
  address: string | undefined;
  /** The random id of the browser's sign-in cookie (browser-id.ts), when it sent one. */
  browser: string | undefined;
}

export interface AttemptRules {
  /** PIN alone (counts toward the organisation's ceiling) or a user name and password. */
  kind: "pin" | "password";
  pinFailureCeiling?: number;
}

const place = (source: AttemptSource) => (source.address ? addressGroup(source.address) : "unknown");
const browserKey = (source: AttemptSource) =>
  source.browser ? `sign-in-failures:${place(source)}:browser:${source.browser}` : `sign-in-failures:${place(source)}`;
const addressKey = (source: AttemptSource) => `sign-in-failures:${place(source)}:all`;
const organisationPinKey = "sign-in-failures:organisation:pin";

/** One counter an attempt claims a place in, and what refusing says. */
interface Counter {
  key: string;
  limit: number;
  reason: string;
  sentenceKey?: "errors.pinSignInPaused";
}

function locked(resetInSeconds: number, reason: string, sentenceKey?: "errors.pinSignInPaused"): PortalError {
  return new PortalError("locked", { retryAfterSeconds: Math.max(1, resetInSeconds), reason, sentenceKey });
}

/**
 * Runs `check` (a credential check against the print server) as one counted
 * attempt: refused with `locked` once a counter is used up; a thrown
 * `invalid_credentials` counts as a failure, anything else (success, an
 * outage) gives the claimed attempt back.
 */
export async function countedAttempt<T>(
  store: StateStore,
  source: AttemptSource,
  rules: AttemptRules,
  check: () => Promise<T>,
): Promise<T> {
  const ceiling = rules.pinFailureCeiling ?? defaultPinFailureCeiling;
  const claimed: string[] = [];
  const giveBack = () => Promise.all(claimed.map((key) => store.unhit(key)));
  const claim = async (counters: Counter[]) => {
    const counts = await Promise.all(counters.map((counter) => store.hit(counter.key, signInLimit.windowSeconds)));
    claimed.push(...counters.map((counter) => counter.key));
    const over = counters.findIndex((counter, i) => counts[i]!.count > counter.limit);
    if (over < 0) return counts;
    await giveBack();
    const { reason, sentenceKey } = counters[over]!;
    throw locked(counts[over]!.resetInSeconds, reason, sentenceKey);
  };

  // The browser's own counter first: a browser already locked out (guessing
  // on, 40 at once) takes no place from its address or the organisation.
  await claim([{ key: browserKey(source), limit: signInLimit.maxFailures, reason: "portal sign-in limit" }]);
  const wider: Counter[] = [{ key: addressKey(source), limit: signInLimit.addressCeiling, reason: "address ceiling" }];
  if (rules.kind === "pin")
    wider.push({
      key: organisationPinKey,
      limit: ceiling,
      reason: "organisation PIN ceiling",
      sentenceKey: "errors.pinSignInPaused",
    });
  const [, organisation] = await claim(wider);
  try {
    const result = await check();
    await giveBack();
    return result;
  } catch (error) {
    if (!(error instanceof PortalError && error.code === "invalid_credentials")) {
      await giveBack();
      throw error;
    }
    // The failure keeps its places. The one that took the last place alerts.
    if (organisation?.count === ceiling)
      log.warn("sign-in by PIN paused: organisation-wide ceiling of failed PINs reached", {
        ceiling,
        windowSeconds: signInLimit.windowSeconds,
        alert: "failed-pin-ceiling",
      });
    throw error;
  }
}
