import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import type { UserRow, UsersRepository } from "../db/users.js";
import { verifyPassword } from "../secrets.js";
import type { SignInLimiter } from "./sign-in-limiter.js";

/** login_info types: 1 card, 2 PIN, 3 user name + password, 4 card + PIN, 5 card + password. */
export type LoginInfo = Schemas["LoginInfo"];

/** The sign-in page's PIN form: a user name (or alias) and that user's PIN. */
export interface NameAndPin {
  type: "name-and-pin";
  user: string;
  pin: string;
}

/** Failures against a name nobody has are counted per name, so guessing names is limited like guessing secrets. */
const nameKey = (user: UserRow | undefined, name: string) =>
  user ? `id:${user.id}` : `name:${name.trim().toLowerCase()}`;

/** Whether the secret checked is a PIN (the organisation's PIN ceiling then applies). */
const isPin = (info: LoginInfo | NameAndPin) => info.type === 2 || info.type === 4 || info.type === "name-and-pin";

async function check(
  info: LoginInfo | NameAndPin,
  users: UsersRepository,
): Promise<{ user: UserRow | undefined; userKey: string | null; ok: () => Promise<boolean> }> {
  switch (info.type) {
    case "name-and-pin": {
      const user = users.byNameOrAlias(info.user);
      const pinUser = users.byPin(info.pin);
      return { user, userKey: nameKey(user, info.user), ok: async () => user !== undefined && pinUser?.id === user.id };
    }
    case 1: {
      const user = users.byCard(info.card);
      return { user, userKey: user ? `id:${user.id}` : null, ok: async () => user !== undefined };
    }
    case 2: {
      const user = users.byPin(info.pin);
      return { user, userKey: user ? `id:${user.id}` : null, ok: async () => user !== undefined };
    }
    case 3: {
      const user = users.byNameOrAlias(info.user);
      return {
        user,
        userKey: nameKey(user, info.user),
        ok: () => verifyPassword(info.pwd, user?.password_hash ?? null),
      };
    }
    case 4: {
      const user = users.byCard(info.card);
      const pinUser = users.byPin(info.pin);
      return {
        user,
        userKey: user ? `id:${user.id}` : null,
        ok: async () => user !== undefined && pinUser?.id === user.id,
      };
    }
    case 5: {
      const user = users.byCard(info.card);
      return {
        user,
        userKey: user ? `id:${user.id}` : null,
        ok: () => verifyPassword(info.pwd, user?.password_hash ?? null),
      };
    }
  }
}

/**
 * Runs `check` (is this user's secret right?) as one attempt within the
 * failed sign-in limits of the source address and the user (and for a PIN,
 * the organisation's PIN ceiling): 429 above them; a wrong secret counts as a
 * failure. Counted before `check` is awaited, so parallel attempts cannot
 * slip past the limits.
 */
export async function withinSignInLimits(
  limiter: SignInLimiter,
  address: string,
  userKey: string | null,
  check: () => Promise<boolean>,
  options: { pin?: boolean } = {},
): Promise<boolean> {
  const attempt = limiter.attempt(address, userKey, options);
  if ("retryAfter" in attempt) throw apiErrors.tooManyRequests(attempt.retryAfter);
  const ok = await check();
  if (ok) attempt.succeeded();
  return ok;
}

/**
 * Signs a user in, within the failed-attempt limits of the source address and
 * the user. Wrong data of any kind is the same invalid_grant.
 */
export async function signInUser(
  info: LoginInfo | NameAndPin,
  address: string,
  users: UsersRepository,
  limiter: SignInLimiter,
): Promise<UserRow> {
  const { user, userKey, ok } = await check(info, users);
  // ok() runs even for an unknown user (a dummy hash), so the time taken tells nothing.
  const passed = await withinSignInLimits(limiter, address, userKey, async () => (await ok()) && user !== undefined, {
    pin: isPin(info),
  });
  if (!passed || !user) throw apiErrors.invalidGrant("The sign-in data is not valid.");
  return user;
}
