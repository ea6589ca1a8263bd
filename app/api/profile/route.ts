import { meResponse } from "@/app/api/me/schema";
import { localeCookieMaxAgeSeconds, localeCookieName } from "@/lib/browser-safe/locales";
import { PortalError } from "@/lib/browser-safe/errors";
import { preferenceCookieOptions } from "@/lib/embedding/cookie-policy";
import { answerJson, userRoute } from "@/lib/http/route";
import { rememberProfileLanguage } from "@/lib/i18n/upstream-languages";
import { serverConfig } from "@/lib/print-server/server-config";
import { updateOwnProfile } from "@/lib/print-server/self-service";
import { profileRequest } from "./schema";
import { portalCookieName } from "@/lib/auth/host-cookie";

export const dynamic = "force-dynamic";

/**
 * Changes the person's own profile. A new language also becomes this
 * device's language, so the portal switches at once. Sending the same change
 * twice leaves the same profile.
 */
export const PATCH = userRoute({ body: profileRequest, maxBodyBytes: 2048 }, async ({ body, user, token }) => {
  const editing = (await serverConfig(token)).selfService.profileEditing;
  const refused = (["fullName", "email"] as const).find((field) => body[field] !== undefined && !editing);
  if (refused) throw new PortalError("not_allowed", { field: refused, sentenceKey: "profile.answers.fieldNotAllowed" });
  const profile = await updateOwnProfile(token, user.userId, body);
  const response = answerJson(meResponse, profile);
  if (body.language) {
    rememberProfileLanguage(user.userId, body.language);
    response.cookies.set(
      portalCookieName(localeCookieName),
      body.language,
      preferenceCookieOptions(localeCookieMaxAgeSeconds),
    );
  }
  return response;
});
