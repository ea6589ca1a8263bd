import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod/mini";
import { normaliseName } from "@/lib/auth/person-name";
import { errorFields, log } from "@/lib/log";
import { stateStore } from "@/lib/state/configured-state-store";
import type { StateStore } from "@/lib/state/state-store";

// Each person's sign-in attempts of the last 30 days, newest first, for their
// "Devices and sign-ins" page: a bounded list in the state store (Redis
// across instances). An attempt is filed under the user name it was for:
// a refused password sign-in under the name typed, a sign-in under the
// person's own. A PIN alone that is refused names no one and is not kept.
// A person's page reads their user name's list and their aliases' together:
// an attempt typed with an alias is theirs too.
// Nothing secret goes in: no PIN, password, token or session id.

export const signInMethods = ["pin", "password", "single-sign-on"] as const;
export type SignInMethod = (typeof signInMethods)[number];

/** How many attempts a person's list keeps, and for how long. */
export const attemptsKept = 100;
export const attemptDays = 30;
const attemptSeconds = attemptDays * 24 * 3600;

const storedAttempt = z.object({
  /** Epoch ms. */
  at: z.number(),
  method: z.enum(signInMethods),
  outcome: z.enum(["signed-in", "refused"]),
  /** Why, as a code: "signed-in", or the refusal's (e.g. "invalid_credentials", "locked"). */
  reason: z.string().check(z.maxLength(40)),
  userAgent: z.optional(z.string()),
  address: z.optional(z.string()),
  userId: z.optional(z.number()),
});

export type SignInAttempt = z.infer<typeof storedAttempt>;

/** The longest User-Agent kept: enough to tell the browser, not a place to store a message. */
export const userAgentLimit = 400;

function listName(username: string): string {
  // The name normalised as sign-in compares it, hashed so that the store's keys name no one.
  const person = createHash("sha256").update(normaliseName(username)).digest("base64url");
  return `sign-in-attempts:${person}`;
}

/**
 * Files one attempt under `username` (nothing without one). A store that
 * cannot be reached costs the record, never the sign-in: it is logged.
 */
export async function recordSignInAttempt(
  attempt: SignInAttempt & { username?: string },
  store: StateStore = stateStore(),
): Promise<void> {
  const { username, ...rest } = attempt;
  if (!username?.trim()) return;
  const entry = storedAttempt.parse({ ...rest, userAgent: rest.userAgent?.slice(0, userAgentLimit) });
  try {
    await store.pushToList(listName(username), JSON.stringify(entry), attemptsKept, attemptSeconds);
  } catch (error) {
    log.warn("sign-in attempt not recorded", errorFields(error));
  }
}

/**
 * The attempts of the last 30 days filed under these names (a person's user
 * name and aliases), newest first, at most `attemptsKept`. Names that are
 * the same list however typed are read once, so no attempt shows twice.
 */
export async function signInAttemptsOf(
  names: string | readonly string[],
  store: StateStore = stateStore(),
  now: number = Date.now(),
): Promise<SignInAttempt[]> {
  const since = now - attemptSeconds * 1000;
  const lists = new Set((typeof names === "string" ? [names] : names).filter((name) => name.trim()).map(listName));
  const read = await Promise.all([...lists].map((list) => store.readList(list)));
  const recent = read.map((entries) =>
    entries.flatMap((raw) => {
      const parsed = storedAttempt.safeParse(safeJson(raw));
      return parsed.success && parsed.data.at >= since ? [parsed.data] : [];
    }),
  );
  return newestFirst(recent, attemptsKept);
}

/** Lists each newest first (as filed), merged into one by time; each list's own order stands. */
function newestFirst(lists: SignInAttempt[][], limit: number): SignInAttempt[] {
  const queues = lists.map((list) => [...list]);
  const merged: SignInAttempt[] = [];
  while (merged.length < limit) {
    const newest = queues.reduce<SignInAttempt[] | undefined>(
      (best, queue) => (queue[0] && (!best || queue[0].at > best[0]!.at) ? queue : best),
      undefined,
    );
    if (!newest) break;
    merged.push(newest.shift()!);
  }
  return merged;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
