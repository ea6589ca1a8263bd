import "server-only";
import { getEnv } from "@/lib/env";
import { forwardedFor, printServerApi, printServerRefreshApi, type PrintServerApi } from "./api-client";
import { absentEndpointStatus, loginInfo, tokenRevocation } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { mapRefreshError, mapSignInError, mapTokenError } from "./error-mapping";
import { send } from "./send";
import { toTokenSet, type TokenSet } from "./token-set";

// The four uses of POST /api/auth/token the portal makes, and revocation. Client credentials
// travel in the body, as the seed shows them.

export type Credentials = { method: "pin"; pin: string } | { method: "password"; username: string; password: string };

interface Deps {
  api?: PrintServerApi;
  clientId?: string;
  clientSecret?: string;
  scopes?: string;
}

function config(deps: Deps, defaultApi: () => PrintServerApi = printServerApi) {
  if (deps.api && deps.clientId && deps.clientSecret && deps.scopes) {
    return { api: deps.api, clientId: deps.clientId, clientSecret: deps.clientSecret, scopes: deps.scopes };
  }
  const env = getEnv();
  return {
    api: deps.api ?? defaultApi(),
    clientId: deps.clientId ?? env.PRINT_SERVER_CLIENT_ID,
    clientSecret: deps.clientSecret ?? env.PRINT_SERVER_CLIENT_SECRET,
    scopes: deps.scopes ?? env.PRINT_SERVER_SCOPES,
  };
}

/** Signs a person in (login_info grant); `address` is their browser's address. */
export async function signInUser(
  credentials: Credentials,
  address: string | undefined,
  deps: Deps = {},
): Promise<TokenSet> {
  // A change: on the briefly kept-alive connections (api-client.ts), never repeated.
  const { api, clientId, clientSecret, scopes } = config(deps, printServerApi);
  const info =
    credentials.method === "pin"
      ? loginInfo.pin(credentials.pin)
      : loginInfo.password(credentials.username, credentials.password);
  const { data } = await send(
    () =>
      api.POST("/auth/token", {
        body: {
          grant_type: "login_info",
          scope: scopes,
          client_id: clientId,
          client_secret: clientSecret,
          login_info: info,
        },
        headers: forwardedFor(address),
      }),
    mapSignInError,
  );
  return toTokenSet(data);
}

/**
 * Trades a refresh token for a new pair; refusal means the session is over.
 * Through the refresh client (printServerRefreshApi): its longer time limit
 * keeps a slow answer rather than losing the rotated token.
 */
export async function refreshUserTokens(refreshToken: string, deps: Deps = {}): Promise<TokenSet> {
  const { api, clientId, clientSecret } = config(deps, printServerRefreshApi);
  const { data } = await send(
    () =>
      api.POST("/auth/token", {
        body: {
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: clientId,
          client_secret: clientSecret,
        },
      }),
    mapRefreshError,
  );
  return toTokenSet(data);
}

/**
 * What the portal's own token is for, and nothing more: listing printers
 * (`printers`), making a person's new PIN (`users`) and redeeming vouchers
 * (`credit`). Reports and jobs are always the person's own token's.
 */
export const clientTokenScopes = ["users", "credit", "printers"] as const;

/** A token for the portal itself (client_credentials grant). */
export async function requestClientToken(deps: Deps = {}): Promise<TokenSet> {
  const { api, clientId, clientSecret, scopes } = config(deps);
  // Of the configured scopes only those the client token needs (never
  // offline.access, which means nothing without a user).
  const clientScopes = scopes
    .split(" ")
    .filter((scope) => (clientTokenScopes as readonly string[]).includes(scope))
    .join(" ");
  const { data } = await send(
    () =>
      api.POST("/auth/token", {
        body: {
          grant_type: "client_credentials",
          scope: clientScopes,
          client_id: clientId,
          client_secret: clientSecret,
        },
      }),
    mapTokenError,
  );
  return toTokenSet(data);
}

/**
 * Ends a refresh token and its chain at the print server (RFC 7009, POST
 * /api/auth/revoke). False when the server offers no revocation (MyQ X, see
 * `tokenRevocation`); any other failure is thrown.
 */
export async function revokeRefreshToken(refreshToken: string, deps: Deps = {}): Promise<boolean> {
  const { api, clientId, clientSecret } = config(deps);
  try {
    await send(
      () =>
        api.POST("/auth/revoke", {
          body: {
            token: refreshToken,
            token_type_hint: tokenRevocation.tokenTypeHint,
            client_id: clientId,
            client_secret: clientSecret,
          },
        }),
      mapTokenError,
    );
    return true;
  } catch (error) {
    if (error instanceof PortalError && error.upstreamStatus === absentEndpointStatus) return false;
    throw error;
  }
}
