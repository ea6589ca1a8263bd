import type { FastifyRequest } from "fastify";
import { apiErrors } from "../errors.js";
import type { ClientsRepository } from "../db/clients.js";
import type { TokenSigner } from "./token-signer.js";

export type RequestAuth =
  | { kind: "client"; clientId: string; scopes: string[] }
  | { kind: "user"; clientId: string; userId: number; username: string; scopes: string[] };

declare module "fastify" {
  interface FastifyRequest {
    /** Who the request acts for, once its token (or client) is known; also read by the request log. */
    auth: RequestAuth | null;
    logIds: { clientId?: string; userId?: number } | null;
  }
}

// The seed's report pages name the header "Authentication"; both are accepted.
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? request.headers.authentication;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === "") return null;
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(value);
  if (!match?.[1]) throw apiErrors.invalidToken();
  return match[1];
}

/** Checks the token, its type and its scopes for one operation; throws the contract's 401/403. */
export function tokenGuard(signer: TokenSigner, clients: ClientsRepository) {
  return async (
    request: FastifyRequest,
    scopes: string[],
    tokenTypes: Array<"client" | "user">,
  ): Promise<RequestAuth> => {
    const token = bearerToken(request);
    if (token === null) throw apiErrors.missingToken();
    const claims = await signer.verify(token);
    // A removed client's tokens stop working at once, not only when they expire.
    if (!claims || !clients.get(claims.client_id)) throw apiErrors.invalidToken();
    const granted = claims.scope.split(" ").filter(Boolean);
    const auth: RequestAuth =
      claims.username !== undefined
        ? {
            kind: "user",
            clientId: claims.client_id,
            userId: Number(claims.sub),
            username: claims.username,
            scopes: granted,
          }
        : { kind: "client", clientId: claims.client_id, scopes: granted };
    if (auth.kind === "user" && !Number.isSafeInteger(auth.userId)) throw apiErrors.invalidToken();
    request.auth = auth;
    request.logIds =
      auth.kind === "user" ? { clientId: auth.clientId, userId: auth.userId } : { clientId: auth.clientId };
    if (tokenTypes.length > 0 && !tokenTypes.includes(auth.kind)) {
      throw apiErrors.invalidTokenType(tokenTypes.join(" or "));
    }
    const missing = scopes.find((s) => !granted.includes(s));
    if (missing) throw apiErrors.insufficientScope(missing);
    return auth;
  };
}

export type TokenGuard = ReturnType<typeof tokenGuard>;
