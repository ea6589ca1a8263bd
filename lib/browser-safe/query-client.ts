import { MutationCache, QueryClient } from "@tanstack/react-query";
import { announceActionOutcome } from "./action-outcome";
import { isFinal, isSignedOut, PortalError } from "./errors";

// The browser's one data layer: TanStack Query's client, with the portal's
// error contract as its retry rule and each change's outcome announced to
// the session warning and the form drafts (action-outcome.ts).

/** Reads are tried this many more times when another try may help. */
const maxRetries = 2;
/** A wait the route asks for longer than this is left to the person's Retry. */
const longestWaitSeconds = 5;

/** A read fails for good when its PortalError is final, or the route asks for a long wait. */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof PortalError) {
    if (isFinal(error.code)) return false;
    if ((error.retryAfterSeconds ?? 0) > longestWaitSeconds) return false;
  }
  return failureCount < maxRetries;
}

/** The pause before another try (`failureCount` from 0): the route's Retry-After when it gave one, else 1 s, then 2 s. */
export function retryReadDelayMs(failureCount: number, error: unknown): number {
  const asked = error instanceof PortalError ? error.retryAfterSeconds : undefined;
  return asked !== undefined ? asked * 1000 : 1000 * 2 ** failureCount;
}

/**
 * A page reads its data again each time it is shown (the cache's answer
 * stands in meanwhile), and when the tab comes back to the front only once
 * the answer is at least `ms` old: for `refetchOnWindowFocus`.
 */
export function readAgainOnFocusAfter(ms: number) {
  return (query: { state: { dataUpdatedAt: number } }) => Date.now() - query.state.dataUpdatedAt >= ms;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryRead, retryDelay: retryReadDelayMs },
      // A change is sent once; the person decides whether to send it again.
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess: () => announceActionOutcome("answered"),
      onError: (error) => announceActionOutcome(isSignedOut(error) ? "session_ended" : "answered"),
    }),
  });
}
