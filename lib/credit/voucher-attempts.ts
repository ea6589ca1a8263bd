import "server-only";
import { addressGroup } from "@/lib/auth/client-address";
import { voucherErrors } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { log } from "@/lib/log";
import type { StateStore } from "@/lib/state/state-store";

// The portal's own limit on guessing voucher codes, not trusting the print
// server to have one: wrong codes are counted per person and per address
// (IPv6: the /64) in a 15-minute window. Each try claims its place in both
// counters before the print server hears the code, atomically, so of 40
// guesses sent at once at most the limit reach it; a try whose code was not
// wrong (redeemed, an outage) gives its places back. Over a limit the person
// is asked for a solved proof-of-work challenge instead of being paused, so
// nobody can lock a colleague behind the same address out of their credit.
// The person's limit stays below the print server's own (ours: 5 in 15
// minutes), so a solved challenge meets a server that still takes a code.

export const voucherLimit = { perPerson: 3, perAddress: 20, windowSeconds: 15 * 60 } as const;

export interface VoucherTrySource {
  userId: number;
  /** The browser's address (client-address.ts); undefined under plain `next start`, then only the person counts. */
  address: string | undefined;
}

/** What a challenge sent with the try is worth (lib/challenge/accept-solution.ts); a "solved" one is used up. */
export type ChallengeCheck = () => Promise<"solved" | "missing" | "failed">;

const wrongCodeReasons: ReadonlySet<string> = new Set(Object.values(voucherErrors));

/** A refusal that says the code itself is wrong (unknown, used or expired): the one kind of failure counted. */
export function isWrongCode(error: unknown): boolean {
  return (
    error instanceof PortalError &&
    error.code === "bad_request" &&
    error.field === "code" &&
    wrongCodeReasons.has(error.reason ?? "")
  );
}

const counters = (source: VoucherTrySource) => [
  { key: `voucher-failures:user:${source.userId}`, limit: voucherLimit.perPerson },
  ...(source.address
    ? [{ key: `voucher-failures:${addressGroup(source.address)}`, limit: voucherLimit.perAddress }]
    : []),
];

/**
 * Runs `redeem` as one counted try: within the limits at once; over them
 * only with a solved challenge (`challenge_required` without one,
 * `challenge_failed` for a wrong or used one), which the try then spends.
 */
export async function countedVoucherTry<T>(
  store: StateStore,
  source: VoucherTrySource,
  challenge: ChallengeCheck,
  redeem: () => Promise<T>,
): Promise<T> {
  const claimed = counters(source);
  const counts = await Promise.all(claimed.map((counter) => store.hit(counter.key, voucherLimit.windowSeconds)));
  const giveBack = () => Promise.all(claimed.map((counter) => store.unhit(counter.key)));
  if (claimed.some((counter, i) => counts[i]!.count > counter.limit)) {
    const outcome = await challenge().catch(async (error: unknown) => {
      await giveBack();
      throw error;
    });
    if (outcome !== "solved") {
      await giveBack();
      log.info("voucher try refused: challenge needed", {
        userId: source.userId,
        address: source.address,
        challenge: outcome,
      });
      throw new PortalError(outcome === "missing" ? "challenge_required" : "challenge_failed", {
        reason: "voucher tries over the limit",
        sentenceKey: "credit.voucher.answers.challenge",
      });
    }
  }
  try {
    const result = await redeem();
    await giveBack();
    return result;
  } catch (error) {
    if (!isWrongCode(error)) await giveBack();
    throw error;
  }
}
