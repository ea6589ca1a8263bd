import { z } from "zod/mini";

/** What the person may change themselves, so forms show only that and the rules before typing. */
export const selfServiceResponse = z.object({
  pinChange: z.object({ allowed: z.boolean(), length: z.int() }),
  profileEditing: z.boolean(),
  /** Null when the server does not say them (a real MyQ X): none is shown, its refusal names the rule broken. */
  passwordRules: z.nullable(
    z.object({
      minLength: z.int(),
      maxLength: z.int(),
      requireLetter: z.boolean(),
      requireDigit: z.boolean(),
    }),
  ),
});
export type SelfServiceResponse = z.infer<typeof selfServiceResponse>;
