import "server-only";
import { requestClientToken } from "./token-endpoint";
import type { TokenSet } from "./token-set";

// The portal's own token, for the few endpoints the contract reserves for a
// client token. Cached until shortly before expiry; one request at a time.

const cache = globalThis as typeof globalThis & {
  __clientToken?: TokenSet;
  __clientTokenPending?: Promise<TokenSet>;
};

function fresh(token: TokenSet | undefined, now: number): token is TokenSet {
  if (!token) return false;
  const margin = Math.min(60, token.lifetimeSeconds / 3) * 1000;
  return token.expiresAt - margin > now;
}

export async function clientAccessToken(fetchToken: () => Promise<TokenSet> = requestClientToken): Promise<string> {
  if (fresh(cache.__clientToken, Date.now())) return cache.__clientToken.accessToken;
  cache.__clientTokenPending ??= fetchToken()
    .then((token) => {
      cache.__clientToken = token;
      return token;
    })
    .finally(() => {
      cache.__clientTokenPending = undefined;
    });
  return (await cache.__clientTokenPending).accessToken;
}

/** Forgets the cached token, e.g. after the server rejected it. */
export function forgetClientToken(): void {
  cache.__clientToken = undefined;
}
