import { readServerConfig } from "../db/settings.js";
import { apiErrors } from "../errors.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";
import { accountDto, readableUser, userDto } from "./user-answers.js";

export const userRoutes: RoutePlugin = async (app, { services: s }) => {
  apiRoute(app, s, "findUser", async (request, _reply, auth) => {
    const { username, email, card, code, include, limit = 100, start = 0 } = request.query;
    if (username === undefined && email === undefined && card === undefined && code === undefined) {
      throw apiErrors.invalidRequest("Give at least one of username, email, card or code.");
    }
    const found = s.users.find({ username, email, card, code }, { limit, start });
    return { users: found.users.map((user) => userDto(s, user, include, auth)), count: found.count };
  });

  apiRoute(app, s, "getUser", async (request, _reply, auth) => {
    return userDto(s, readableUser(s, auth, request.params.id), request.query.include, auth);
  });

  apiRoute(app, s, "getUserAccounts", async (request, _reply, auth) => {
    const user = readableUser(s, auth, request.params.id);
    const config = readServerConfig(s.db);
    return {
      credit: config.credit,
      quota: config.quota,
      accounts: s.users.accounts(user.id).map((a) => accountDto(s, a)),
    };
  });

  apiRoute(app, s, "getAccountBalance", async (request, _reply, auth) => {
    const user = readableUser(s, auth, request.params.id);
    const account = s.users.account(user.id, request.params.reference);
    if (!account) throw apiErrors.notFound("The account");
    return { amount: s.users.balance(account) };
  });
};
