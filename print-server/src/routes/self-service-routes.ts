import { sourceAddress } from "../auth/client-authentication.js";
import { brokenPasswordRule } from "../auth/password-rules.js";
import { withinSignInLimits } from "../auth/user-sign-in.js";
import { readSelfService } from "../db/settings.js";
import type { ProfileChanges } from "../db/users.js";
import { apiErrors } from "../errors.js";
import { hashPassword, verifyPassword } from "../secrets.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";
import { readableUser, userDto } from "./user-answers.js";

/** The profile fields a user may change: `lang` always, the rest with "profile editing" on. */
function editableFields(profileEditing: boolean): ReadonlySet<string> {
  return new Set(profileEditing ? ["lang", "fullname", "email"] : ["lang"]);
}

/** What users change themselves, as the server's settings (selfService) allow: a new PIN, the profile, the password. */
export const selfServiceRoutes: RoutePlugin = async (app, { services: s }) => {
  // A client token (MyQ): the caller, a portal, names the signed-in user's own id.
  apiRoute(app, s, "createUserPin", async (request, reply) => {
    // The PIN is shown once: no cache may keep the answer.
    void reply.header("Cache-Control", "no-store").header("Pragma", "no-cache");
    const user = s.users.byId(request.params.id);
    if (!user) throw apiErrors.notFound("The user");
    const { pinChange } = readSelfService(s.db);
    if (!pinChange.allowed) throw apiErrors.notAllowed("Users may not change their PIN on this server.");
    const pin = s.pins.issue(user.id, { length: pinChange.length, deleteOld: request.body?.deleteOld === true });
    // Sessions opened with the old secret end at their next refresh.
    s.grants.revokeAllOfUser(user.id);
    return { pin };
  });

  apiRoute(app, s, "updateUser", async (request, _reply, auth) => {
    const user = readableUser(s, auth, request.params.id);
    const allowed = editableFields(readSelfService(s.db).profileEditing);
    // Refused as a whole, before anything changes.
    const refused = Object.keys(request.body).find((field) => !allowed.has(field));
    if (refused !== undefined) {
      throw apiErrors.notAllowed(`This server does not let users change "${refused}" of their profile.`, refused);
    }
    const { fullname, email, lang } = request.body;
    const changes: ProfileChanges = {
      ...(fullname !== undefined && { fullname: fullname.trim() }),
      ...(email !== undefined && { email: email.trim() }),
      ...(lang !== undefined && { lang }),
    };
    const updated = s.users.updateProfile(user.id, changes);
    if (!updated) throw apiErrors.notFound("The user");
    return userDto(s, updated, undefined, auth);
  });

  apiRoute(app, s, "changePassword", async (request, reply, auth) => {
    const user = readableUser(s, auth, request.params.id);
    if (user.directory_managed) throw apiErrors.managedExternally();
    const { currentPassword, newPassword } = request.body;
    const broken = brokenPasswordRule(newPassword, readSelfService(s.db).passwordRules, user.username);
    if (broken) throw apiErrors.passwordRule(broken.rule, broken.description);
    // The current password is a sign-in secret: guesses count toward the same limits as sign-ins.
    const address = sourceAddress(request, s.clients.get(auth.clientId) ?? null);
    const known = await withinSignInLimits(s.limiter, address, `id:${user.id}`, () =>
      verifyPassword(currentPassword, user.password_hash),
    );
    if (!known) throw apiErrors.invalidGrant("The current password is not right.");
    if (newPassword === currentPassword) {
      throw apiErrors.passwordRule("notCurrent", "The new password must differ from the current one.");
    }
    s.users.setPasswordHash(user.id, await hashPassword(newPassword));
    s.grants.revokeAllOfUser(user.id);
    return reply.code(204).send();
  });
};
