import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from "fastify";
import type { RequestAuth } from "../auth/request-auth.js";
import { operation, type Operation } from "../openapi/openapi-document.js";
import type { OperationId, OperationReply, OperationRequest, OperationResult } from "../openapi/operation-types.js";
import type { Services } from "../services.js";
import { apiErrors } from "../errors.js";

/** A file of routes: a Fastify plugin that gets the services (app.ts registers each). */
export type RoutePlugin = FastifyPluginAsync<{ services: Services }>;

export type ApiHandler<Id extends OperationId> = (
  request: OperationRequest<Id>,
  reply: OperationReply<Id>,
  auth: RequestAuth,
) => OperationResult<Id>;

export type PublicHandler<Id extends OperationId> = (
  request: OperationRequest<Id>,
  reply: OperationReply<Id>,
) => OperationResult<Id>;

/** The request schemas of one operation, exactly as openapi.yaml declares them (the one place that builds them). */
function requestSchemas(op: Operation): FastifySchema {
  return {
    ...(op.params && { params: op.params }),
    ...(op.querystring && { querystring: op.querystring }),
    ...(op.body && { body: op.body }),
  };
}

/**
 * A body only in a media type the operation declares: Fastify parses any type
 * it has a parser for (forms, for the token endpoint), and an empty form is a
 * valid empty object, so `POST /v2/users/1/pins` sent as a form of one space
 * would make a PIN.
 */
function refuseUndeclaredMediaType(op: Operation, request: FastifyRequest): void {
  const type = request.headers["content-type"];
  if (op.bodyMediaTypes.length === 0 || type === undefined) return;
  const mediaType = type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!op.bodyMediaTypes.includes(mediaType))
    throw apiErrors.invalidRequest(`The request body must be ${op.bodyMediaTypes.join(" or ")}.`);
}

/**
 * Registers one operation: method, path and request schemas from openapi.yaml.
 * Fastify validates the input against those schemas before the handler runs,
 * which is what makes the handler's types (from the same YAML, by
 * openapi-typescript) true; that is why this one place may hand Fastify's
 * untyped request and reply on as the operation's typed ones.
 */
function registerOperation<Id extends OperationId>(
  app: FastifyInstance,
  operationId: Id,
  options: Pick<RouteOptions, "onRequest" | "attachValidation">,
  handler: (request: OperationRequest<Id>, reply: OperationReply<Id>) => OperationResult<Id>,
): void {
  const op = operation(operationId);
  app.route({
    method: op.method,
    url: op.routePath,
    schema: requestSchemas(op),
    ...options,
    preValidation: async (request) => refuseUndeclaredMediaType(op, request),
    // A handler that returns the reply (after reply.send) resolves once the answer is sent, as Fastify expects.
    handler: (request: FastifyRequest, reply: FastifyReply) =>
      handler(request as OperationRequest<Id>, reply as OperationReply<Id>),
  });
}

/**
 * An operation that needs a token: its scopes and token types (openapi.yaml's
 * `security` and `x-token-types`) are checked before anything else, so a caller
 * without rights learns nothing about valid input. The handler gets who the
 * request acts for.
 */
export function apiRoute<Id extends OperationId>(
  app: FastifyInstance,
  s: Services,
  operationId: Id,
  handler: ApiHandler<Id>,
): void {
  const op = operation(operationId);
  registerOperation(
    app,
    operationId,
    {
      onRequest: async (request) => {
        request.auth = await s.guard(request, op.scopes, op.tokenTypes);
      },
    },
    (request, reply) => {
      const auth = request.auth;
      if (auth === null) throw new Error(`${operationId}: the token check did not run`);
      return handler(request, reply, auth);
    },
  );
}

/**
 * An operation that takes no token. `answersInvalidInput` is for pages: input
 * that fails the schema does not become the JSON 400 of the error handler but
 * reaches the handler with `request.validationError` set, so it can answer with
 * a page of its own.
 */
export function publicRoute<Id extends OperationId>(
  app: FastifyInstance,
  operationId: Id,
  handler: PublicHandler<Id>,
  options: { answersInvalidInput?: boolean } = {},
): void {
  registerOperation(app, operationId, { attachValidation: options.answersInvalidInput === true }, handler);
}
