import { z } from "zod/mini";

/** What the browser learns about the signed-in person (no ids, no tokens). */
export const meResponse = z.object({
  username: z.string(),
  fullName: z.string(),
  email: z.nullable(z.string()),
  language: z.nullable(z.string()),
  aliases: z.array(z.string()),
  passwordManagedElsewhere: z.boolean(),
});

export type MeResponse = z.infer<typeof meResponse>;
