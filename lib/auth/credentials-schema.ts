import "server-only";
import { z } from "zod";
import type { Messages } from "@/lib/i18n/messages";

// The two sign-in forms as they arrive from the browser. Each message is a
// key of the catalogues' "signIn.field" namespace; the action translates it.

export const credentialsProblems = [
  "enterPin",
  "pinTooLong",
  "pinDigitsOnly",
  "enterUsername",
  "usernameTooLong",
  "enterPassword",
  "passwordTooLong",
] as const satisfies ReadonlyArray<keyof Messages["signIn"]["field"]>;

export type CredentialsProblem = (typeof credentialsProblems)[number];

export function isCredentialsProblem(message: string): message is CredentialsProblem {
  return (credentialsProblems as readonly string[]).includes(message);
}

const problem = (key: CredentialsProblem) => ({ message: key });

export const pinCredentials = z.object({
  method: z.literal("pin"),
  pin: z
    .string()
    .trim()
    .min(1, problem("enterPin"))
    .max(32, problem("pinTooLong"))
    .regex(/^\d+$/, problem("pinDigitsOnly")),
});

export const passwordCredentials = z.object({
  method: z.literal("password"),
  username: z.string().trim().min(1, problem("enterUsername")).max(200, problem("usernameTooLong")),
  password: z.string().min(1, problem("enterPassword")).max(1000, problem("passwordTooLong")),
});

export const credentialsSchema = z.discriminatedUnion("method", [pinCredentials, passwordCredentials]);

export type SignInCredentials = z.infer<typeof credentialsSchema>;
