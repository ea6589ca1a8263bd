import "server-only";
import { requestClientToken } from "./token-endpoint";
import { refreshDue, type TokenSet } from "./token-set";

// The portal's own token, for the few endpoints the contract reserves for a
// client token. Kept until its refresh falls due; one request at a time.

export interface ClientTokenCache {
  token?: TokenSet;
  pending?: Promise<TokenSet>;
}

const holder = globalThis as typeof globalThis & { __clientTokenCache?: ClientTokenCache };

function processCache(): ClientTokenCache {
  holder.__clientTokenCache ??= {};
  return holder.__clientTokenCache;
}

export async function clientAccessToken(
  fetchToken: () => Promise<TokenSet> = requestClientToken,
  cache: ClientTokenCache = processCache(),
): Promise<string> {
  if (cache.token && !refreshDue(cache.token, Date.now())) return cache.token.accessToken;
  cache.pending ??= fetchToken()
    .then((token) => {
      cache.token = token;
      return token;
    })
    .finally(() => {
      cache.pending = undefined;
    });
  return (await cache.pending).accessToken;
}
