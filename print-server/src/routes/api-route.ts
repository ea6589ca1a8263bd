import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RequestAuth } from "../auth/request-auth.js";
import { operation } from "../openapi/openapi-document.js";
import type { Services } from "../services.js";

type Handler = (request: FastifyRequest, reply: FastifyReply, auth: RequestAuth) => Promise<unknown>;

/**
 * Registers one operation of the OpenAPI document: its path, its request
 * schemas (validated by Fastify) and its token check (scopes and token types).
 */
export function apiRoute(app: FastifyInstance, s: Services, operationId: string, handler: Handler): void {
  const op = operation(operationId);
  app.route({
    method: op.method as "GET" | "POST",
    url: op.routePath,
    schema: {
      ...(op.params && { params: op.params }),
      ...(op.querystring && { querystring: op.querystring }),
      ...(op.body && { body: op.body }),
    },
    // The token is checked before the input, so a caller without rights learns nothing about valid input.
    onRequest: async (request) => {
      request.auth = await s.guard(request, op.scopes, op.tokenTypes);
    },
    handler: async (request, reply) => handler(request, reply, request.auth as RequestAuth),
  });
}

/** Registers an operation that takes no token. */
export function publicRoute(
  app: FastifyInstance,
  operationId: string,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const op = operation(operationId);
  app.route({
    method: op.method as "GET" | "POST",
    url: op.routePath,
    schema: {
      ...(op.params && { params: op.params }),
      ...(op.querystring && { querystring: op.querystring }),
    },
    handler,
  });
}
