import type { PasswordRule } from "../errors.js";
import type { SelfServiceSettings } from "../db/settings.js";

export type PasswordRules = SelfServiceSettings["passwordRules"];

/** The first rule a new password breaks (openapi.yaml's PasswordRules), or null; lengths count code points. */
export function brokenPasswordRule(
  password: string,
  rules: PasswordRules,
  username: string,
): { rule: PasswordRule; description: string } | null {
  const length = [...password].length;
  if (length < rules.minLength)
    return { rule: "minLength", description: `The new password needs at least ${rules.minLength} characters.` };
  if (length > rules.maxLength)
    return { rule: "maxLength", description: `The new password may have at most ${rules.maxLength} characters.` };
  if (rules.requireLetter && !/\p{L}/u.test(password))
    return { rule: "requireLetter", description: "The new password needs at least one letter." };
  if (rules.requireDigit && !/[0-9]/.test(password))
    return { rule: "requireDigit", description: "The new password needs at least one digit." };
  if (password.trim().toLowerCase() === username.trim().toLowerCase())
    return { rule: "notUsername", description: "The new password must not be the user name." };
  return null;
}
