import type { FastifyRequest } from "fastify";
import { isIP } from "node:net";
import { apiErrors } from "../errors.js";
import type { ClientRecord, ClientsRepository } from "../db/clients.js";
import { sameHash, sha256 } from "../secrets.js";

function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null {
  const header = request.headers.authorization;
  if (!header || !/^Basic\s/i.test(header)) return null;
  const decoded = Buffer.from(header.replace(/^Basic\s+/i, "").trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw apiErrors.invalidClient();
  try {
    // RFC 6749 2.3.1 form-encodes both parts first; our ids and secrets read the same either way.
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw apiErrors.invalidClient();
  }
}

/** The registered client behind the request, authenticated by HTTP Basic or by the body; 401 otherwise. */
export function authenticateClient(
  request: FastifyRequest,
  body: { client_id?: unknown; client_secret?: unknown },
  clients: ClientsRepository,
): ClientRecord {
  const basic = basicCredentials(request);
  const inBody = body.client_id !== undefined || body.client_secret !== undefined;
  if (basic && inBody)
    throw apiErrors.invalidRequest("Send the client credentials either by HTTP Basic or in the body, not both.");
  const id = basic?.id ?? body.client_id;
  const secret = basic?.secret ?? body.client_secret;
  if (typeof id !== "string" || typeof secret !== "string") throw apiErrors.invalidClient();
  const client = clients.get(id);
  if (!client || !sameHash(client.secretHash, sha256(secret))) throw apiErrors.invalidClient();
  request.logIds = { clientId: client.clientId };
  return client;
}

/**
 * The address that sign-in limits count against: the peer's, or for a client
 * registered as forwarding user addresses the last (nearest) X-Forwarded-For entry.
 */
export function sourceAddress(request: FastifyRequest, client: ClientRecord | null): string {
  const peer = request.socket.remoteAddress ?? "unknown";
  if (!client?.forwardsUserAddress) return peer;
  const header = request.headers["x-forwarded-for"];
  const entries = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map((s) => s.trim());
  const last = entries.reverse().find((e) => isIP(e) !== 0);
  return last ?? peer;
}
