import type { RequestAuth } from "../auth/request-auth.js";
import type { AccountRow, UserRow } from "../db/users.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import type { Services } from "../services.js";

/** The users' routes' shared parts: who may read which user, and the answers' shapes. */

export function accountDto(a: AccountRow): Schemas["Account"] {
  const limits =
    a.type === "quota"
      ? { pages: a.quota_pages ?? 0, period: a.quota_period ?? "month" }
      : a.minimum_cents !== null
        ? { minimumBalance: a.minimum_cents / 100 }
        : {};
  return { name: a.name, reference: a.reference, type: a.type, limits };
}

export function userDto(s: Services, user: UserRow, include?: string): Schemas["User"] {
  const parts = new Set((include ?? "").split(",").filter(Boolean));
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
    ...(parts.has("aliases") && { aliases: s.users.aliases(user.id) }),
    ...(parts.has("accounts") && { accounts: s.users.accounts(user.id).map(accountDto) }),
  };
}

/** The user a token may read: a client any, a user only itself (another user's id is 404, as if it did not exist). */
export function readableUser(s: Services, auth: RequestAuth, id: number): UserRow {
  const user = auth.kind === "user" && auth.userId !== id ? undefined : s.users.byId(id);
  if (!user) throw apiErrors.notFound("The user");
  return user;
}
