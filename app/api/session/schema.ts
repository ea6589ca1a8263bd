import { z } from "zod/mini";

/** When this browser's session ends: seconds from now (no clock to compare), why, and whether it can be put off. */
export const sessionStatusResponse = z.union([
  z.object({ signedIn: z.literal(false) }),
  z.object({
    signedIn: z.literal(true),
    secondsLeft: z.number(),
    reason: z.enum(["idle", "absolute", "token"]),
    extendable: z.boolean(),
  }),
]);

export type SessionStatus = z.infer<typeof sessionStatusResponse>;
