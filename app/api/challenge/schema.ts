import { z } from "zod/mini";

/** GET /api/challenge: a signed proof-of-work challenge for the ALTCHA widget (lib/challenge/). */
export const challengeResponse = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    expiresAt: z.optional(z.number()),
  }),
  signature: z.optional(z.string()),
});

export type ChallengeResponse = z.infer<typeof challengeResponse>;
