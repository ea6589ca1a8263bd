import { z } from "zod";

// The two sign-in forms as they arrive from the browser.

export const pinCredentials = z.object({
  method: z.literal("pin"),
  pin: z
    .string()
    .trim()
    .min(1, { message: "Enter your PIN." })
    .max(32, { message: "A PIN has at most 32 digits." })
    .regex(/^\d+$/, { message: "A PIN has digits only." }),
});

export const passwordCredentials = z.object({
  method: z.literal("password"),
  username: z.string().trim().min(1, { message: "Enter your user name." }).max(200, { message: "That user name is too long." }),
  password: z.string().min(1, { message: "Enter your password." }).max(1000, { message: "That password is too long." }),
});

export const credentialsSchema = z.discriminatedUnion("method", [pinCredentials, passwordCredentials]);

export type SignInCredentials = z.infer<typeof credentialsSchema>;
