import { z } from "zod/mini";

/** POST /api/auth/sign-in asked for JSON (the sign-in form with JavaScript): signed in, go on to `location`, a path of the portal's own. */
export const signInResponse = z.object({
  location: z.string().check(
    z.startsWith("/"),
    z.refine((path) => !path.startsWith("//")),
  ),
});

export type SignInResponse = z.infer<typeof signInResponse>;
