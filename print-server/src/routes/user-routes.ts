import type { RequestAuth } from "../auth/request-auth.js";
import type { AccountRow, UserRow } from "../db/users.js";
import { readServerConfig } from "../db/settings.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";

function accountDto(a: AccountRow): Schemas["Account"] {
  const limits =
    a.type === "quota"
      ? { pages: a.quota_pages ?? 0, period: a.quota_period ?? "month" }
      : a.minimum_cents !== null
        ? { minimumBalance: a.minimum_cents / 100 }
        : {};
  return { name: a.name, reference: a.reference, type: a.type, limits };
}

export const userRoutes: RoutePlugin = async (app, { services: s }) => {
  function userDto(user: UserRow, include: string | undefined): Schemas["User"] {
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
      ...(parts.has("aliases") && { aliases: s.users.aliases(user.id) }),
      ...(parts.has("accounts") && { accounts: s.users.accounts(user.id).map(accountDto) }),
    };
  }

  /** The user a token may read: a client any, a user only itself (another user's id is 404). */
  function readableUser(auth: RequestAuth, id: number): UserRow {
    const user = auth.kind === "user" && auth.userId !== id ? undefined : s.users.byId(id);
    if (!user) throw apiErrors.notFound("The user");
    return user;
  }

  apiRoute(app, s, "findUser", async (request) => {
    const q = request.query;
    if (q.username === undefined && q.email === undefined && q.card === undefined && q.code === undefined) {
      throw apiErrors.invalidRequest("Give at least one of username, email, card or code.");
    }
    const user = s.users.find(q);
    if (!user) throw apiErrors.notFound("The user");
    return userDto(user, q.include);
  });

  apiRoute(app, s, "getUser", async (request, _reply, auth) => {
    return userDto(readableUser(auth, request.params.id), request.query.include);
  });

  apiRoute(app, s, "getUserAccounts", async (request, _reply, auth) => {
    const user = readableUser(auth, request.params.id);
    const config = readServerConfig(s.db);
    return { credit: config.credit, quota: config.quota, accounts: s.users.accounts(user.id).map(accountDto) };
  });

  apiRoute(app, s, "getAccountBalance", async (request, _reply, auth) => {
    const user = readableUser(auth, request.params.id);
    const account = s.users.account(user.id, request.params.reference);
    if (!account) throw apiErrors.notFound("The account");
    return { amount: s.users.balance(account) };
  });
};
