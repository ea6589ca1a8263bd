import "server-only";
import { z } from "zod";
import { absentEndpointStatus, selfServiceErrors } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { bearer, forwardedFor, printServerApi, type PrintServerApi } from "./api-client";
import { withClientToken } from "./client-token";
import { mapApiError } from "./error-mapping";
import { parseAnswer } from "./parse-answer";
import { send } from "./send";
import { toUserProfile, type UserProfile } from "./users";

// The person's own changes: a new PIN, the profile, the password. The PIN
// endpoint takes only a client token (MyQ), so the caller must pass the
// signed-in user's own id, never one from the request.

const refusal = z.looseObject({
  error: z.string().optional(),
  field: z.string().optional(),
  rule: z.string().optional(),
});

function refusalOf(body: unknown) {
  const parsed = refusal.safeParse(body);
  return parsed.success ? parsed.data : {};
}

/** The self-service endpoints' own refusals first; the rest as any API call. */
export function mapSelfServiceError(status: number, body: unknown, headers: Headers): PortalError {
  const { error: name, field, rule } = refusalOf(body);
  if (status === 403 && name === selfServiceErrors.notAllowed)
    return new PortalError("not_allowed", {
      upstreamStatus: status,
      reason: name,
      field,
      sentenceKey: field ? "profile.answers.fieldNotAllowed" : undefined,
    });
  if (status === 409 && name === selfServiceErrors.managedExternally)
    return new PortalError("not_allowed", {
      upstreamStatus: status,
      reason: name,
      sentenceKey: "profile.answers.passwordManagedElsewhere",
    });
  if (status === 400 && name === selfServiceErrors.wrongCurrentPassword)
    return new PortalError("invalid_credentials", {
      upstreamStatus: status,
      reason: name,
      field: "currentPassword",
      sentenceKey: "profile.answers.wrongCurrentPassword",
    });
  if (status === 400 && name === selfServiceErrors.invalidRequest && field)
    return new PortalError("bad_request", {
      upstreamStatus: status,
      reason: rule ? `${field} breaks ${rule}` : `${field} refused`,
      // The form's name for it, so the sentence shows beside that field.
      field: Object.hasOwn(formFields, field) ? formFields[field as keyof typeof formFields] : field,
      sentenceKey: sentenceOfRefusedField(field, rule),
    });
  // The person's own record exists (they are signed in): a 404 is a server without this endpoint (a real MyQ X may not offer it).
  if (status === absentEndpointStatus)
    return new PortalError("not_allowed", {
      upstreamStatus: status,
      reason: "endpoint not offered",
      sentenceKey: "profile.answers.notOffered",
    });
  // A 429 here is the sign-in limiter counting wrong current passwords.
  if (status === 429 && name !== undefined) {
    const mapped = mapApiError(status, body, headers);
    return new PortalError("locked", {
      upstreamStatus: status,
      retryAfterSeconds: mapped.retryAfterSeconds,
      reason: name,
    });
  }
  return mapApiError(status, body, headers);
}

const ruleSentences = {
  minLength: "profile.answers.rule.minLength",
  maxLength: "profile.answers.rule.maxLength",
  requireLetter: "profile.answers.rule.requireLetter",
  requireDigit: "profile.answers.rule.requireDigit",
  notCurrent: "profile.answers.rule.notCurrent",
  notUsername: "profile.answers.rule.notUsername",
} as const;

const fieldSentences = {
  fullname: "profile.details.field.badFullName",
  email: "profile.details.field.badEmail",
  lang: "profile.details.field.badLanguage",
} as const;

/** The server's profile field names, as the portal's forms name them. */
const formFields = { fullname: "fullName", lang: "language" } as const;

function sentenceOfRefusedField(field: string, rule: string | undefined) {
  if (rule && Object.hasOwn(ruleSentences, rule)) return ruleSentences[rule as keyof typeof ruleSentences];
  if (Object.hasOwn(fieldSentences, field)) return fieldSentences[field as keyof typeof fieldSentences];
  return undefined;
}

const pinAnswer = z.object({ pin: z.string().regex(/^\d{4,16}$/) });

/**
 * A new PIN for `userId`, retiring the old ones (`deleteOld`), with the
 * portal's own token. The caller has checked who is asking.
 */
export async function createPin(userId: number, api: PrintServerApi = printServerApi()): Promise<string> {
  const { data } = await withClientToken((token) =>
    send(
      () =>
        api.POST("/v2/users/{id}/pins", {
          params: { path: { id: userId } },
          body: { deleteOld: true },
          headers: bearer(token),
        }),
      mapSelfServiceError,
    ),
  );
  return parseAnswer(pinAnswer, data, "PIN answer").pin;
}

/** What the profile form may change; upstream field names are the server's. */
export interface ProfileChanges {
  fullName?: string;
  email?: string;
  language?: string;
}

export async function updateOwnProfile(
  accessToken: string,
  userId: number,
  changes: ProfileChanges,
  api: PrintServerApi = printServerApi(),
): Promise<UserProfile> {
  const { data } = await send(
    () =>
      api.PATCH("/v3/users/{id}", {
        params: { path: { id: userId } },
        body: { fullname: changes.fullName, email: changes.email, lang: changes.language },
        headers: bearer(accessToken),
      }),
    mapSelfServiceError,
  );
  return toUserProfile(data);
}

/**
 * The current password is a sign-in secret, whose wrong guesses the print
 * server counts per address as it does sign-ins: `address` is the browser's
 * (attempt-source.ts), passed on as the token call does, or every person's
 * wrong guesses would count against the portal's own address together.
 */
export async function changeOwnPassword(
  accessToken: string,
  userId: number,
  passwords: { currentPassword: string; newPassword: string },
  address: string | undefined,
  api: PrintServerApi = printServerApi(),
): Promise<void> {
  await send(
    () =>
      api.POST("/v3/users/{id}/password", {
        params: { path: { id: userId } },
        body: passwords,
        headers: { ...bearer(accessToken), ...forwardedFor(address) },
      }),
    mapSelfServiceError,
  );
}
