import { z } from "zod/mini";
import type { SentenceKey } from "@/lib/browser-safe/errors";
import { locales } from "@/lib/browser-safe/locales";

// PATCH /api/profile: the fields the person may change. A field not sent is
// left as it is; the server decides which may change (profileEditing).

const say = (key: SentenceKey) => ({ error: key });
const badFullName = say("profile.details.field.badFullName");
const badEmail = say("profile.details.field.badEmail");

export const profileRequest = z.object({
  fullName: z.optional(
    z
      .string(badFullName)
      .check(
        z.trim(),
        z.minLength(1, badFullName),
        z.maxLength(200, badFullName),
        z.regex(/^[^\u0000-\u001f\u007f]*$/, badFullName),
      ),
  ),
  email: z.optional(z.email(badEmail).check(z.maxLength(254, badEmail))),
  language: z.optional(z.enum(locales, say("profile.details.field.badLanguage"))),
});
export type ProfileRequest = z.infer<typeof profileRequest>;
