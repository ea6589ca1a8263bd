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
//   takes a fresh cookie for every few guesses is stopped too.
// - across the organisation, failed sign-ins by PIN alone: a ceiling
//   (PORTAL_PIN_FAILURE_CEILING) against guessing PINs from many addresses;
//   reaching it pauses PIN sign-in and writes one log line to alert on.
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
  const [address, organisation] = await Promise.all([
    store.peek(addressKey(source)),
    rules.kind === "pin" ? store.peek(organisationPinKey) : undefined,
  ]);
  if (address.count >= signInLimit.addressCeiling) throw locked(address.resetInSeconds, "address ceiling");
  if (organisation && organisation.count >= ceiling)
    throw locked(organisation.resetInSeconds, "organisation PIN ceiling", "errors.pinSignInPaused");

  const claimed = await store.hit(browserKey(source), signInLimit.windowSeconds);
  if (claimed.count > signInLimit.maxFailures) {
    await store.unhit(browserKey(source));
    throw locked(claimed.resetInSeconds, "portal sign-in limit");
  }
  try {
    const result = await check();
    await store.unhit(browserKey(source));
    return result;
  } catch (error) {
    if (!(error instanceof PortalError && error.code === "invalid_credentials")) {
      await store.unhit(browserKey(source));
      throw error;
    }
    // The ceilings are counted after the check: they are alarms, and claiming
    // ahead would refuse people while many sign-ins are merely in flight.
    await store.hit(addressKey(source), signInLimit.windowSeconds);
    if (rules.kind === "pin") {
      const { count } = await store.hit(organisationPinKey, signInLimit.windowSeconds);
      if (count === ceiling)
        log.warn("sign-in by PIN paused: organisation-wide ceiling of failed PINs reached", {
          ceiling,
          windowSeconds: signInLimit.windowSeconds,
          alert: "failed-pin-ceiling",
        });
    }
    throw error;
  }
}
