import "server-only";
import { z } from "zod";
import type { Messages } from "@/lib/i18n/messages";

// The two sign-in forms as they arrive from the browser. Each message is a
// key of the catalogues' "signIn.field" namespace, translated where the form
// is answered (sign-in-failure.ts).

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

/** The sign-in forms' fields. */
export type CredentialsField = "pin" | "username" | "password";

/** The field each problem is about (the form shows its sentence beside that field). */
export const problemField: Record<CredentialsProblem, CredentialsField> = {
  enterPin: "pin",
  pinTooLong: "pin",
  pinDigitsOnly: "pin",
  enterUsername: "username",
  usernameTooLong: "username",
  enterPassword: "password",
  passwordTooLong: "password",
};

const problem = (key: CredentialsProblem) => ({ message: key });

export const pinCredentials = z.object({
  method: z.literal("pin"),
  // Whose PIN it is (a user name or alias); empty only where PIN alone is offered (pin-alone.ts).
  username: z.string().trim().max(200, problem("usernameTooLong")).optional(),
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
