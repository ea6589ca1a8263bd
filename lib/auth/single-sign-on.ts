import "server-only";
import * as oauth from "oauth4webapi";
import type { SignOnProblemName } from "@/lib/browser-safe/sign-on-problems";
import { fetch as undiciFetch, type Dispatcher } from "undici";
import { getEnv } from "@/lib/env";
import { printServerFreshAgent } from "@/lib/print-server/api-client";
import { toTokenSet, type TokenSet } from "@/lib/print-server/token-set";
import type { PendingSignOn } from "./sign-on-cookie";

// Single sign-on through the print server's own sign-in page (OAuth 2.0
// authorization code grant, MyQ X 10.1+). oauth4webapi does the protocol's
// details: state, PKCE, reading the callback and the token answer. The code
// is exchanged here, server to server over the print server's verified TLS;
// the browser never sees a token.

/** The portal's redirect URI is PORTAL_URL + this path; register it with the print server. */
export const signOnCallbackPath = "/api/auth/callback/print-server";

/** What went wrong, in the words the sign-in page has a sentence for. */
export type SignOnProblem = SignOnProblemName;

export class SignOnFailed extends Error {
  constructor(
    readonly problem: SignOnProblem,
    readonly reason: string,
  ) {
    super(`single sign-on failed: ${reason}`);
    this.name = "SignOnFailed";
  }
}

export interface SignOnConfig {
  /** The API root, e.g. https://print.example.com:8090. */
  printServerUrl: string;
  /** Where browsers reach the print server's sign-in page (often the same). */
  signInUrl: string;
  portalUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  timeoutMs: number;
  /** The connection pool that trusts the print server's CA (tests pass a MockAgent). */
  dispatcher?: Dispatcher;
}

export function signOnConfig(): SignOnConfig {
  const env = getEnv();
  return {
    printServerUrl: env.PRINT_SERVER_URL,
    signInUrl: env.PRINT_SERVER_SIGN_IN_URL ?? env.PRINT_SERVER_URL,
    portalUrl: env.PORTAL_URL,
    clientId: env.PRINT_SERVER_CLIENT_ID,
    clientSecret: env.PRINT_SERVER_CLIENT_SECRET,
    scopes: env.PRINT_SERVER_SCOPES,
    timeoutMs: env.PRINT_SERVER_TIMEOUT_MS,
  };
}

const redirectUri = (config: SignOnConfig) => `${config.portalUrl}${signOnCallbackPath}`;

function authorizationServer(config: SignOnConfig, lang: string): oauth.AuthorizationServer {
  return {
    issuer: config.printServerUrl,
    authorization_endpoint: `${config.signInUrl}/${encodeURIComponent(lang)}/auth`,
    token_endpoint: `${config.printServerUrl}/api/auth/token`,
  };
}

/**
 * Where to send the browser, and what to remember in its cookie. `theme` is
 * passed on as MyQ's page takes it, so the page looks like the portal.
 */
export async function beginSignOn(
  returnPath: string,
  page: { lang: string; theme?: "light" | "dark" },
  config: SignOnConfig,
): Promise<{ location: string; pending: PendingSignOn }> {
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(authorizationServer(config, page.lang).authorization_endpoint ?? "");
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", redirectUri(config));
  // The grant never returns a refresh token: asking for offline.access would only be refused.
  url.searchParams.set(
    "scope",
    config.scopes
      .split(" ")
      .filter((scope) => scope !== "offline.access")
      .join(" "),
  );
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  if (page.theme) url.searchParams.set("theme", page.theme);
  return { location: url.toString(), pending: { state, verifier, returnPath } };
}

/**
 * Checks the print server's answer against this browser's pending sign-on
 * and trades the code for tokens. Throws SignOnFailed with the problem to show.
 */
export async function finishSignOn(
  callbackQuery: URLSearchParams,
  pending: PendingSignOn | undefined,
  config: SignOnConfig,
): Promise<TokenSet> {
  if (!pending) throw new SignOnFailed("state", "no sign-on pending in this browser");
  const as = authorizationServer(config, "en");
  const client: oauth.Client = { client_id: config.clientId };
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callbackQuery, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new SignOnFailed(error.error === "access_denied" ? "denied" : "failed", `print server said ${error.error}`);
    }
    throw new SignOnFailed("state", "state missing or not this browser's");
  }
  // A connection of its own: a code is single use, and a kept-alive one the
  // server just closed would fail the exchange (api-client.ts).
  const dispatcher = config.dispatcher ?? printServerFreshAgent();
  const customFetch = (url: string, options: RequestInit) =>
    undiciFetch(url, { ...options, dispatcher } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(config.clientSecret),
      params,
      redirectUri(config),
      pending.verifier,
      { [oauth.customFetch]: customFetch, signal: AbortSignal.timeout(config.timeoutMs) },
    );
    const answer = await oauth.processAuthorizationCodeResponse(as, client, response);
    return toTokenSet(answer);
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.error === "invalid_grant") {
      throw new SignOnFailed("expired", "code refused (expired or used)");
    }
    throw new SignOnFailed("failed", error instanceof Error ? `exchange failed: ${error.name}` : "exchange failed");
  }
}
