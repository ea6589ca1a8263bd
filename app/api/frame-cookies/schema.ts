import { z } from "zod/mini";

/** GET /api/frame-cookies?probe=…: the value the previous call set, if any. */
export const frameCookiesQuery = z.object({ probe: z.optional(z.string().check(z.maxLength(64))) });

/**
 * Whether the browser sent back the probe cookie the previous call set (its
 * value given as `probe`), and the value this call sets for the next one.
 */
export const frameCookiesResponse = z.object({ accepted: z.boolean(), probe: z.string() });

export type FrameCookiesResponse = z.infer<typeof frameCookiesResponse>;
