import "server-only";
import { z } from "zod";
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
});

export interface UserProfile {
  username: string;
  fullName: string;
  email: string | null;
  language: string | null;
  aliases: string[];
}

export function toUserProfile(body: unknown): UserProfile {
  const user = parseAnswer(userRecord, body, "user record");
  return {
    username: user.username,
    fullName: user.fullname || user.username,
    email: user.email ?? null,
    language: user.lang ?? null,
    aliases: user.aliases ?? [],
  };
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
