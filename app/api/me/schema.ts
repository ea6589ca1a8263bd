import { z } from "zod";

/** What the browser learns about the signed-in person (no ids, no tokens). */
export const meResponse = z.object({
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  language: z.string().nullable(),
  aliases: z.array(z.string()),
});

export type MeResponse = z.infer<typeof meResponse>;
