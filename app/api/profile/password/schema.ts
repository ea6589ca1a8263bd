import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";

// POST /api/profile/password. `requestId` names one press of "Change
// password": a second request with it (a double submit) answers the first's
// success instead of trying again with a current password that has changed.

const say = (key: SentenceKey) => ({ error: key });
const enterCurrent = say("profile.password.field.enterCurrent");
const enterNew = say("profile.password.field.enterNew");

export const passwordRequest = z.object({
  currentPassword: z.string(enterCurrent).check(z.minLength(1, enterCurrent), z.maxLength(1000, enterCurrent)),
  newPassword: z.string(enterNew).check(z.minLength(1, enterNew), z.maxLength(1000, enterNew)),
  requestId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/)),
});
export type PasswordRequest = z.infer<typeof passwordRequest>;

export const passwordResponse = z.object({ changed: z.literal(true) });
