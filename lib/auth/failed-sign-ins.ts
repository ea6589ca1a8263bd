import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import type { ChallengeOutcome } from "@/lib/challenge/accept-solution";
import { log } from "@/lib/log";
import type { StateStore } from "@/lib/state/state-store";
import { addressGroup } from "./client-address";

// The portal's own limit on guessing credentials, counted in the state store
// (atomic, shared by every instance) over a 15-minute window. Nobody can
// lock anyone else out: a counter used up makes the next attempt ask for a
// solved proof-of-work challenge (lib/challenge/), never pauses sign-in.
// - per device: a browser with a device cookie naming the person it signs
//   in as (device-cookie.ts) counts in its own bucket only, so strangers'
//   failures against that name, that address or the organisation never
//   reach it. 5 failures.
// - every other attempt counts:
//   - per browser: its address (IPv6: the /64) plus the random id of its
//     sign-in cookie, so people behind one NAT keep apart. 5 failures.
//   - per address, all browsers together: 50, for a client that takes a
//     fresh cookie for every guess.
//   - per person named (keyed hash of the normalised name): 3, against
//     guessing one person's secret from many browsers and addresses; below
//     the print server's own per-user limit (ours: 5), so strangers who
//     solve no challenge never trip that lock for the person.
//   - across the organisation, failed PINs: PORTAL_PIN_FAILURE_CEILING,
//     against spraying PINs; reaching it writes one log line to alert on.
// Every counter is claimed before the credentials are checked (of 40 guesses
// sent at once at most 5 reach the print server without a challenge each)
// and given back unless the check failed. A success does not reset a count,
// or one valid PIN could be interleaved with guesses at other people's.

export const signInLimit = {
  maxFailures: 5,
  addressCeiling: 50,
  personFailures: 3,
  deviceFailures: 5,
  windowSeconds: 15 * 60,
} as const;
export const defaultPinFailureCeiling = 100;

export interface AttemptSource {
  /** The browser's address (client-address.ts), unknown without the portal's server. */
  address: string | undefined;
  /** The random id of the browser's sign-in cookie (attempt-source.ts), when it sent one. */
  browser: string | undefined;
}

export interface AttemptRules {
  /** PIN (counts toward the organisation's ceiling) or a user name and password. */
  kind: "pin" | "password";
  /** The keyed hash of the name the attempt signs in as (person-name.ts), when it names one. */
  person?: string;
  /** The id of this browser's device cookie when that cookie names `person`. */
  device?: string;
  pinFailureCeiling?: number;
  /** Checks (and uses up) the solved challenge the attempt came with; "missing" when none. */
  challenge?: () => Promise<ChallengeOutcome>;
  /** Fields for the log lines (hashed name, address), never a name or secret. */
  logFields?: Record<string, unknown>;
}

const place = (source: AttemptSource) => (source.address ? addressGroup(source.address) : "unknown");
const browserKey = (source: AttemptSource) =>
  source.browser ? `sign-in-failures:${place(source)}:browser:${source.browser}` : `sign-in-failures:${place(source)}`;
const addressKey = (source: AttemptSource) => `sign-in-failures:${place(source)}:all`;
const personKey = (person: string) => `sign-in-failures:person:${person}`;
const deviceKey = (device: string) => `sign-in-failures:device:${device}`;
export const organisationPinKey = "sign-in-failures:organisation:pin";

/** One counter an attempt claims a place in, and what going over it is called in the logs. */
interface Counter {
  key: string;
  limit: number;
  reason: string;
}

const noChallenge = async (): Promise<ChallengeOutcome> => "missing";

/**
 * Runs `check` (a credential check against the print server) as one counted
 * attempt. Over a counter's limit it goes ahead only with a solved challenge
 * (`challenge_required` without one, `challenge_failed` for a bad one); a
 * thrown `invalid_credentials` counts as a failure, anything else (success,
 * an outage) gives the claimed places back.
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
  let solved = false;
  const claim = async (counters: Counter[]) => {
    const counts = await Promise.all(counters.map((counter) => store.hit(counter.key, signInLimit.windowSeconds)));
    claimed.push(...counters.map((counter) => counter.key));
    const over = counters.find((counter, i) => counts[i]!.count > counter.limit);
    if (!over || solved) return counts;
    // One solved challenge lets this attempt past every counter.
    const outcome = await (rules.challenge ?? noChallenge)();
    log.info("sign-in challenge", { outcome, counter: over.reason, ...rules.logFields });
    if (outcome === "solved") {
      solved = true;
      return counts;
    }
    await giveBack();
    throw new PortalError(outcome === "missing" ? "challenge_required" : "challenge_failed", { reason: over.reason });
  };

  let organisation: { count: number } | undefined;
  if (rules.device) {
    await claim([{ key: deviceKey(rules.device), limit: signInLimit.deviceFailures, reason: "device limit" }]);
  } else {
    // The browser's own counter first: a browser already over its limit
    // (guessing on, 40 at once) takes no place from its address, the person
    // or the organisation unless it solves a challenge.
    await claim([{ key: browserKey(source), limit: signInLimit.maxFailures, reason: "browser limit" }]);
    const wider: Counter[] = [
      { key: addressKey(source), limit: signInLimit.addressCeiling, reason: "address ceiling" },
    ];
    if (rules.person)
      wider.push({ key: personKey(rules.person), limit: signInLimit.personFailures, reason: "person limit" });
    if (rules.kind === "pin")
      wider.push({ key: organisationPinKey, limit: ceiling, reason: "organisation PIN ceiling" });
    const counts = await claim(wider);
    if (rules.kind === "pin") organisation = counts.at(-1);
  }
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
      log.warn("sign-in by PIN now needs a challenge: organisation-wide ceiling of failed PINs reached", {
        ceiling,
        windowSeconds: signInLimit.windowSeconds,
        alert: "failed-pin-ceiling",
      });
    throw error;
  }
}
