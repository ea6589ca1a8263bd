import "server-only";
import { PortalError } from "@/lib/browser-safe/errors";
import type { StateStore } from "@/lib/state/state-store";

// Failed sign-ins are counted per browser address in the portal itself, so one
// person's wrong PINs lock only that address. Requests whose address is unknown
// share one bucket: safe, if coarse, when the portal runs without its server.
// A success does not reset the count, or a person with one valid PIN could
// interleave it with guesses at other people's.

export const signInLimit = { maxFailures: 5, windowSeconds: 15 * 60 } as const;

function key(address: string | undefined): string {
  return `sign-in-failures:${address ?? "unknown"}`;
}

/** Throws `locked` while the address has used up its attempts. */
export async function assertNotLocked(store: StateStore, address: string | undefined): Promise<void> {
  const { count, resetInSeconds } = await store.peek(key(address));
  if (count >= signInLimit.maxFailures) {
    throw new PortalError("locked", { retryAfterSeconds: resetInSeconds, reason: "portal sign-in limit" });
  }
}

export async function recordFailure(store: StateStore, address: string | undefined): Promise<void> {
  await store.hit(key(address), signInLimit.windowSeconds);
}
