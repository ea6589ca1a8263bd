import type { RequestAuth } from "../auth/request-auth.js";
import { CREDIT_ACCOUNT, type AccountRow, type UserRow } from "../db/users.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import { enabledProviders, RECHARGE_PROVIDERS } from "../payments/recharge-providers.js";
import type { Services } from "../services.js";

/** The users' routes' shared parts: who may read which user, and the answers' shapes. */

const NO_PAGE_LIMITS = { total: null, color: null, mono: null, scan: null } as const;

/** An account in MyQ's shape: a credit balance in `limits.price`, a quota's page limit in `limits.total`. */
export function accountDto(s: Services, a: AccountRow): Schemas["Account"] {
  if (a.type === "quota") {
    return {
      name: a.name,
      reference: a.reference,
      type: a.type,
      // Ours: printing stops when the quota is used up (denyAccess 1); the period is ours too.
      limits: { price: 0, ...NO_PAGE_LIMITS, total: a.quota_pages, denyAccess: 1, period: a.quota_period ?? "month" },
      groupId: null,
    };
  }
  return {
    name: a.name,
    reference: a.reference,
    type: a.type,
    limits: {
      price: s.users.balance(a),
      ...NO_PAGE_LIMITS,
      denyAccess: null,
      ...(a.minimum_cents !== null && { minimumBalance: a.minimum_cents / 100 }),
    },
    groupId: null,
    ...(a.reference === CREDIT_ACCOUNT && {
      rechargeProviders: enabledProviders(s.db).map((reference) => ({
        name: RECHARGE_PROVIDERS[reference].name,
        reference,
      })),
    }),
  };
}

/**
 * A user as MyQ answers it, with the `include`d parts. Accounts are credit
 * data: `include=accounts` needs the `credit` scope, as the accounts
 * endpoint does, or a `users` token would read what its scopes deny.
 */
export function userDto(s: Services, user: UserRow, include: string | undefined, auth: RequestAuth): Schemas["User"] {
  const parts = new Set((include ?? "").split(",").filter(Boolean));
  if (parts.has("accounts") && !auth.scopes.includes("credit")) throw apiErrors.insufficientScope("credit");
  return {
    id: user.id,
    username: user.username,
    fullname: user.fullname,
    email: user.email,
    code: user.code,
    lang: user.lang,
    phone: user.phone,
    notes: user.notes,
    // MyQ's field; empty for a local account.
    syncSource: user.directory_managed ? "LDAP" : "",
    // Ours: whether a user name and password sign this person in (a directory account's is the directory's).
    hasPassword: user.directory_managed === 1 || user.password_hash !== null,
    ...(parts.has("aliases") && { aliases: s.users.aliases(user.id) }),
    ...(parts.has("accounts") && { accounts: s.users.accounts(user.id).map((a) => accountDto(s, a)) }),
  };
}

/** The user a token may read: a client any, a user only itself (another user's id is 404, as if it did not exist). */
export function readableUser(s: Services, auth: RequestAuth, id: number): UserRow {
  const user = auth.kind === "user" && auth.userId !== id ? undefined : s.users.byId(id);
  if (!user) throw apiErrors.notFound("The user");
  return user;
}
