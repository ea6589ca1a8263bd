import { z } from "zod/mini";

/** GET /api/frame-cookies: whether the browser sent back the probe cookie set by the previous call. */
export const frameCookiesResponse = z.object({ accepted: z.boolean() });

export type FrameCookiesResponse = z.infer<typeof frameCookiesResponse>;
