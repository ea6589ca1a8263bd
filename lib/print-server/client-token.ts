import "server-only";
import { processSingleton } from "@/lib/process-singletons";
import { PortalError } from "@/lib/browser-safe/errors";
import { requestClientToken } from "./token-endpoint";
import { refreshDue, type TokenSet } from "./token-set";

// The portal's own token, for the few endpoints the contract reserves for a
// client token. Kept until its refresh falls due; one request at a time.

export interface ClientTokenCache {
  token?: TokenSet;
  pending?: Promise<TokenSet>;
}

/** The portal's token of this process, shared by every bundle (lib/process-singletons.ts). */
function processCache(): ClientTokenCache {
  return processSingleton<ClientTokenCache>("print-server.client-token", () => ({}));
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

/**
 * Runs `call` with the portal's token, and once more with a new one when the
 * print server refuses it (401): a print server restarted with a new signing
 * key, or one that forgot its tokens, would otherwise refuse the cached token
 * until it fell due. A 401 means nothing was done, so a change may be sent again.
 */
export async function withClientToken<T>(
  call: (token: string) => Promise<T>,
  fetchToken: () => Promise<TokenSet> = requestClientToken,
  cache: ClientTokenCache = processCache(),
): Promise<T> {
  const token = await clientAccessToken(fetchToken, cache);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof PortalError) || error.upstreamStatus !== 401) throw error;
    if (cache.token?.accessToken === token) cache.token = undefined;
    return call(await clientAccessToken(fetchToken, cache));
  }
}
