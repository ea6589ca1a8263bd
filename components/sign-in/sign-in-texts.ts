import type { SomeTexts } from "@/lib/i18n/messages";

/**
 * The texts of the signIn namespace that the sign-in page's client parts use
 * (sign-in-form.tsx and the page's error.tsx): all the page sends of it. The
 * rest is said by the server (the title, the single sign-on problems, the
 * field sentences a refused post answers with), about 1 kB of English the
 * first page everyone loads need not carry. sign-in-texts.test.ts checks the
 * list against the keys those files name.
 */
export const signInPageTexts = {
  signIn: [
    "howToSignIn",
    "pinTab",
    "passwordTab",
    "pin",
    "username",
    "password",
    "showPin",
    "showPassword",
    "submit",
    "noPinHint",
    "pageFailed",
  ],
} as const satisfies SomeTexts;
