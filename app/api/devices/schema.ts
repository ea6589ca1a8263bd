import { z } from "zod/mini";

// GET /api/devices: the person's sessions now and their sign-in attempts of
// the last 30 days, for the "Devices and sign-ins" page. A session is named
// by an opaque handle, never by its id (lib/devices/session-handle.ts).

export const deviceSessionView = z.object({
  handle: z.string(),
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** ISO date-times. */
  startedAt: z.string(),
  lastActiveAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});

/** Why an attempt ended as it did, in the words the page has a sentence for. */
export const attemptReasons = [
  "signedIn",
  "wrongCredentials",
  "tooManyAttempts",
  "challengeMissing",
  "serverAway",
  "denied",
  "other",
] as const;

export const signInAttemptView = z.object({
  /** ISO date-time. */
  at: z.string(),
  method: z.enum(["pin", "password", "single-sign-on"]),
  outcome: z.enum(["signed-in", "refused"]),
  reason: z.enum(attemptReasons),
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
  address: z.nullable(z.string()),
});

export const devicesResponse = z.object({
  sessions: z.array(deviceSessionView),
  attempts: z.array(signInAttemptView),
});

/** DELETE /api/devices/sessions (every other session) and …/sessions/{handle} (one): how many ended. */
export const endedResponse = z.object({ ended: z.int() });

/**
 * DELETE /api/devices/sessions: "Sign out everywhere else" says so in its
 * body, so no request that merely reaches the path (a probe, a replayed
 * call without it) ends a person's other sessions.
 */
export const endOthersRequest = z.object({ keep: z.literal("this-device") });
