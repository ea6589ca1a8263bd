import { KNOWN_SCOPES, type ClientRecord } from "../db/clients.js";
import type { UserRow } from "../db/users.js";
import { apiErrors } from "../errors.js";
import type { Schemas } from "../openapi/operation-types.js";
import type { Services } from "../services.js";
import { signInUser } from "./user-sign-in.js";

type TokenResponse = Schemas["TokenResponse"];

/** A grant's answer, and the user it signed in (for the request log). */
export interface GrantResult {
  response: TokenResponse;
  userId?: number;
}

const OFFLINE = "offline.access";

/** The requested scopes, each registered for the client; invalid_scope otherwise. */
export function grantableScopes(requested: string, client: ClientRecord): string[] {
  const scopes = [...new Set(requested.split(" ").filter(Boolean))];
  if (scopes.length === 0) throw apiErrors.invalidRequest("scope must name at least one scope.");
  const unknown = scopes.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s) || !client.scopes.includes(s));
  if (unknown.length > 0) throw apiErrors.invalidScope(`Invalid scopes: ${unknown.join(" ")}.`);
  return scopes;
}

async function userTokens(
  s: Services,
  client: ClientRecord,
  user: UserRow,
  scopes: string[],
  refresh: string | null,
): Promise<TokenResponse> {
  const scope = scopes.join(" ");
  const access_token = await s.signer.sign(
    { kind: "user", clientId: client.clientId, userId: user.id, username: user.username, fullname: user.fullname },
    scope,
    s.startup.tokenLifetime,
  );
  const base = { access_token, token_type: "Bearer" as const, expires_in: s.startup.tokenLifetime, scope };
  return refresh ? { ...base, refresh_token: refresh } : base;
}

export async function clientCredentialsGrant(
  s: Services,
  client: ClientRecord,
  requested: string,
): Promise<TokenResponse> {
  // RFC 6749 4.4.3: no refresh token for a client acting for itself, so offline.access is not granted.
  const scope = grantableScopes(requested, client)
    .filter((x) => x !== OFFLINE)
    .join(" ");
  const access_token = await s.signer.sign(
    { kind: "client", clientId: client.clientId },
    scope,
    s.startup.tokenLifetime,
  );
  return { access_token, token_type: "Bearer", expires_in: s.startup.tokenLifetime, scope };
}

export async function loginInfoGrant(
  s: Services,
  client: ClientRecord,
  requested: string,
  info: Schemas["LoginInfo"],
  address: string,
): Promise<Required<GrantResult>> {
  const scopes = grantableScopes(requested, client);
  const user = await signInUser(info, address, s.users, s.limiter);
  const refresh = scopes.includes(OFFLINE) ? s.grants.startChain(client.clientId, user.id, scopes.join(" ")) : null;
  return { response: await userTokens(s, client, user, scopes, refresh), userId: user.id };
}

export async function refreshTokenGrant(
  s: Services,
  client: ClientRecord,
  presented: string,
  requested: string | undefined,
): Promise<Required<GrantResult>> {
  // Scopes the client lost since sign-in are dropped; a narrower request narrows the access token only.
  const chainScopes = (chainScope: string) => chainScope.split(" ").filter((x) => client.scopes.includes(x));
  const narrowed = requested === undefined ? undefined : [...new Set(requested.split(" ").filter(Boolean))];
  // A wider request is refused before the token is touched, so the client may retry with it.
  const outcome = s.grants.rotate(
    presented,
    client.clientId,
    (chainScope) => narrowed === undefined || narrowed.every((x) => chainScopes(chainScope).includes(x)),
  );
  if (!outcome.ok && outcome.reason === "refused")
    throw apiErrors.invalidScope("The scope exceeds what was granted at sign-in.");
  if (!outcome.ok) throw apiErrors.invalidGrant("The refresh token is not valid.");
  const user = s.users.byId(outcome.userId);
  if (!user) throw apiErrors.invalidGrant("The refresh token is not valid.");
  const scopes = narrowed ?? chainScopes(outcome.scope);
  return { response: await userTokens(s, client, user, scopes, outcome.token), userId: user.id };
}

export async function authorizationCodeGrant(
  s: Services,
  client: ClientRecord,
  code: string,
  redirectUri: string,
  codeVerifier: string | undefined,
): Promise<Required<GrantResult>> {
  const redeemed = s.grants.redeemCode(code, client.clientId, redirectUri, codeVerifier);
  const user = redeemed ? s.users.byId(redeemed.userId) : undefined;
  if (!redeemed || !user) throw apiErrors.invalidGrant("The authorization code is not valid.");
  // MyQ answers this grant without a refresh token.
  const scopes = redeemed.scope.split(" ").filter((x) => x !== OFFLINE && client.scopes.includes(x));
  return { response: await userTokens(s, client, user, scopes, null), userId: user.id };
}
