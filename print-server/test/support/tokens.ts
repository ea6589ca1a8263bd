import type { Schemas } from "../../src/openapi/operation-types.js";
import type { ApiTarget, RegisteredClient } from "./api-target.js";
import { call, type CallResult } from "./openapi-client.js";

/** The demo organisation's users (src/db/seed-demo.ts). */
export const ALICE = { id: 1, username: "alice", password: "wonderland", pin: "112358", card: "04A1B2C3" } as const;
export const BOB = { id: 2, username: "bob", password: "canwefixit", pin: "314159", card: "04D5E6F7" } as const;
export const CAROL = { id: 3, username: "carol", password: "higherfurther" } as const;

export function clientToken(target: ApiTarget, client: RegisteredClient, scope: string): Promise<CallResult> {
  return call(target, "createToken", {
    json: { grant_type: "client_credentials", scope, client_id: client.clientId, client_secret: client.clientSecret },
  });
}

export function userToken(
  target: ApiTarget,
  client: RegisteredClient,
  scope: string,
  login_info: Schemas["LoginInfo"],
  headers?: Record<string, string>,
): Promise<CallResult> {
  return call(target, "createToken", {
    json: {
      grant_type: "login_info",
      scope,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      login_info,
    },
    headers,
  });
}

export async function accessToken(result: CallResult): Promise<string> {
  if (result.status !== 200) throw new Error(`token request failed: ${result.status} ${result.text}`);
  return result.json.access_token as string;
}
