import type { FastifyRequest } from "fastify";
import type { ValidateFunction } from "ajv";
import { authenticateClient, sourceAddress } from "../auth/client-authentication.js";
import {
  authorizationCodeGrant,
  clientCredentialsGrant,
  loginInfoGrant,
  refreshTokenGrant,
  type GrantResult,
} from "../auth/token-grants.js";
import { apiErrors } from "../errors.js";
import { componentSchema } from "../openapi/openapi-document.js";
import type { Schemas } from "../openapi/operation-types.js";
import { compile, describeErrors } from "../openapi/schema-validators.js";
import { publicRoute, type RoutePlugin } from "./api-route.js";

/** One validator per grant, so a bad request is told what its own grant needs. */
const GRANTS = {
  client_credentials: compile<Schemas["TokenRequestClientCredentials"]>(
    componentSchema("TokenRequestClientCredentials"),
  ),
  login_info: compile<Schemas["TokenRequestLoginInfo"]>(componentSchema("TokenRequestLoginInfo")),
  refresh_token: compile<Schemas["TokenRequestRefreshToken"]>(componentSchema("TokenRequestRefreshToken")),
  authorization_code: compile<Schemas["TokenRequestAuthorizationCode"]>(
    componentSchema("TokenRequestAuthorizationCode"),
  ),
};

const revocationRequest = compile<Schemas["TokenRevocationRequest"]>(componentSchema("TokenRevocationRequest"));

const isGrantType = (value: unknown): value is keyof typeof GRANTS =>
  typeof value === "string" && Object.hasOwn(GRANTS, value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function checked<T>(validate: ValidateFunction<T>, body: Record<string, unknown>): T {
  if (!validate(body)) throw apiErrors.invalidRequest(describeErrors(validate.errors, "body"));
  return body;
}

/**
 * The request's fields, from a JSON or a form body. A form carries login_info
 * as JSON text and every value as a string.
 */
function tokenRequestFields(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!isRecord(body)) throw apiErrors.invalidRequest("The body must be a JSON or form-encoded object.");
  const isForm = (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
  if (!isForm || typeof body.login_info !== "string") return body;
  try {
    return { ...body, login_info: JSON.parse(body.login_info) as unknown };
  } catch {
    throw apiErrors.invalidRequest("login_info must be a JSON object.");
  }
}

/**
 * POST /api/auth/token: the four grants of the contract. Its body is JSON or a
 * form, so Fastify does not validate it (see RequestBody in operation-types.ts):
 * the client is authenticated first, then the grant's own schema checks the rest.
 */
export const tokenEndpoint: RoutePlugin = async (app, { services: s }) => {
  publicRoute(app, "createToken", async (request, reply) => {
    reply.header("Cache-Control", "no-store").header("Pragma", "no-cache");
    const body = tokenRequestFields(request);
    const client = authenticateClient(request, body, s.clients);

    const grant = body.grant_type;
    if (grant === undefined) throw apiErrors.invalidRequest("grant_type is required.");
    if (!isGrantType(grant)) throw apiErrors.unsupportedGrantType();
    let result: GrantResult;
    switch (grant) {
      case "client_credentials":
        result = { response: await clientCredentialsGrant(s, client, checked(GRANTS.client_credentials, body).scope) };
        break;
      case "login_info": {
        const input = checked(GRANTS.login_info, body);
        result = await loginInfoGrant(s, client, input.scope, input.login_info, sourceAddress(request, client));
        break;
      }
      case "refresh_token": {
        const input = checked(GRANTS.refresh_token, body);
        result = await refreshTokenGrant(s, client, input.refresh_token, input.scope);
        break;
      }
      case "authorization_code": {
        const input = checked(GRANTS.authorization_code, body);
        result = await authorizationCodeGrant(s, client, input.code, input.redirect_uri, input.code_verifier);
        break;
      }
    }
    if (result.userId !== undefined) request.logIds = { clientId: client.clientId, userId: result.userId };
    return result.response;
  });

  /**
   * POST /api/auth/revoke (RFC 7009), client-authenticated as above. A refresh
   * token's whole chain ends; an unknown token (or an access token, which
   * simply runs out) answers 200 all the same, so the answer tells nothing.
   */
  publicRoute(app, "revokeToken", async (request, reply) => {
    const body = tokenRequestFields(request);
    const client = authenticateClient(request, body, s.clients);
    const { token } = checked(revocationRequest, body);
    if (s.grants.revokeRefreshToken(token, client.clientId) === "wrong_client")
      throw apiErrors.invalidGrant("The token was issued to another client.");
    void reply.header("Cache-Control", "no-store").header("Pragma", "no-cache");
    return reply.code(200).send();
  });
};
