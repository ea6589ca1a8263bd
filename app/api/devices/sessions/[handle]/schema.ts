import { z } from "zod/mini";

// DELETE /api/devices/sessions/{handle}: signs out one other session of the person.

/** A handle as lib/devices/session-handle.ts makes it. */
export const sessionHandlePattern = /^[A-Za-z0-9_-]{22}$/;

export const sessionParams = z.object({
  handle: z.string().check(z.regex(sessionHandlePattern)),
});
