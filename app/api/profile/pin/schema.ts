import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// POST /api/profile/pin: a new PIN after the person proves who they are
// again. The answer carries the PIN once and is never cached. GET says which
// proof this person gives (lib/self-service/new-pin.ts, proofNeeded).

const say = (key: SentenceKey) => ({ error: key });
const enterPin = say("profile.pin.field.enterPin");
const enterPassword = say("profile.pin.field.enterPassword");

export const newPinRequest = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("pin"),
    pin: z.string(enterPin).check(z.trim(), z.regex(/^\d{1,32}$/, enterPin)),
    /** A solved challenge (components/challenge/): a PIN-only person's proof needs one. */
    altcha: z.optional(z.string().check(z.maxLength(4096))),
  }),
  z.object({
    method: z.literal("password"),
    password: z.string(enterPassword).check(z.minLength(1, enterPassword), z.maxLength(1000, enterPassword)),
    /** A solved challenge, asked for after too many wrong passwords. */
    altcha: z.optional(z.string().check(z.maxLength(4096))),
  }),
]);
export type NewPinRequest = z.infer<typeof newPinRequest>;

export const newPinResponse = z.object({ pin: z.string().check(z.regex(/^\d{4,16}$/)) });

/** GET /api/profile/pin: the password, or (PIN-only) the PIN and a challenge after a fresh sign-in. */
export const proofNeededResponse = z.discriminatedUnion("proof", [
  z.object({ proof: z.literal("password") }),
  z.object({ proof: z.literal("pin"), signInAgain: z.boolean() }),
]);
