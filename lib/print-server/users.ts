import "server-only";
import { z } from "zod";
import { localAccountHasPassword, localSyncSource } from "@/lib/browser-safe/contract-assumptions";
import { bearer, printServerApi, type PrintServerApi } from "./api-client";
import { mapApiError } from "./error-mapping";
import { parseAnswer } from "./parse-answer";
import { send } from "./send";

// User records and the DTO the browser may see (only what pages show).

const userRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable().optional(),
  lang: z.string().optional(),
  aliases: z.array(z.string()).optional(),
  syncSource: z.string().nullable().optional(),
});

export interface UserProfile {
  username: string;
  fullName: string;
  email: string | null;
  language: string | null;
  aliases: string[];
  /** The account comes from a directory: its password is changed there, not here. */
  passwordManagedElsewhere: boolean;
}

export function toUserProfile(body: unknown): UserProfile {
  const user = parseAnswer(userRecord, body, "user record");
  return {
    username: user.username,
    fullName: user.fullname || user.username,
    email: user.email ?? null,
    language: user.lang ?? null,
    aliases: user.aliases ?? [],
    passwordManagedElsewhere: (user.syncSource ?? localSyncSource) !== localSyncSource,
  };
}

const foundUsers = z.object({ users: z.array(z.unknown()), count: z.number().int().nonnegative() });

/**
 * `GET /v3/users/find` answers a list, `{users, count}` [MyQ]; integrations
 * take `users[0]`. No match (or a filter the server does not support) is an
 * empty list: null here.
 */
export function toFoundUser(body: unknown): UserProfile | null {
  const { users } = parseAnswer(foundUsers, body, "user list");
  return users.length === 0 ? null : toUserProfile(users[0]);
}

const newPin = z.object({ pin: z.string().regex(/^\d{4,16}$/) });

/** `POST /v2/users/{id}/pins` answers the new PIN, shown once [MyQ]. */
export function toNewPin(body: unknown): string {
  return parseAnswer(newPin, body, "new PIN").pin;
}

/** The signed-in user's own record, read with their token. */
export async function getOwnProfile(
  accessToken: string,
  userId: number,
  api: PrintServerApi = printServerApi(),
): Promise<UserProfile> {
  const { data } = await send(
    () =>
      api.GET("/v3/users/{id}", {
        params: { path: { id: userId }, query: { include: "aliases" } },
        headers: bearer(accessToken),
      }),
    mapApiError,
  );
  return toUserProfile(data);
}

const passwordClues = z.object({ syncSource: z.string().nullable().optional(), hasPassword: z.boolean().optional() });

/** Whether a user name and password sign the signed-in person in (contract-assumptions.ts: localAccountHasPassword). */
export async function hasOwnPassword(
  accessToken: string,
  userId: number,
  api: PrintServerApi = printServerApi(),
): Promise<boolean> {
  const { data } = await send(
    () => api.GET("/v3/users/{id}", { params: { path: { id: userId } }, headers: bearer(accessToken) }),
    mapApiError,
  );
  const user = parseAnswer(passwordClues, data, "user record");
  if (user.hasPassword !== undefined) return user.hasPassword;
  return (user.syncSource ?? localSyncSource) !== localSyncSource || localAccountHasPassword;
}
