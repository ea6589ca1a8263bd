import type { FastifyInstance } from "fastify";
import { authenticateClient, sourceAddress } from "../auth/client-authentication.js";
import {
  authorizationCodeGrant,
  clientCredentialsGrant,
  loginInfoGrant,
  refreshTokenGrant,
  type TokenResponse,
} from "../auth/token-grants.js";
import type { LoginInfo } from "../auth/user-sign-in.js";
import { apiErrors } from "../errors.js";
import { componentSchema, operation } from "../openapi/openapi-document.js";
import { compile, describeErrors } from "../openapi/schema-validators.js";
import type { Services } from "../services.js";

const VARIANTS = {
  client_credentials: "TokenRequestClientCredentials",
  login_info: "TokenRequestLoginInfo",
  refresh_token: "TokenRequestRefreshToken",
  authorization_code: "TokenRequestAuthorizationCode",
} as const;
type GrantType = keyof typeof VARIANTS;

const validators = Object.fromEntries(
  Object.entries(VARIANTS).map(([grant, schema]) => [grant, compile(componentSchema(schema))]),
) as Record<GrantType, ReturnType<typeof compile>>;

/** Form bodies carry login_info as JSON text and every value as a string. */
function normalizeForm(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.login_info !== "string") return body;
  try {
    return { ...body, login_info: JSON.parse(body.login_info) as unknown };
  } catch {
    throw apiErrors.invalidRequest("login_info must be a JSON object.");
  }
}

/** POST /api/auth/token: the four grants of the contract. */
export function tokenEndpoint(app: FastifyInstance, s: Services): void {
  const op = operation("createToken");
  app.route({
    method: "POST",
    url: op.routePath,
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store").header("Pragma", "no-cache");
      if (request.body === null || typeof request.body !== "object" || Array.isArray(request.body)) {
        throw apiErrors.invalidRequest("The body must be a JSON or form-encoded object.");
      }
      const isForm = (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
      const body = isForm
        ? normalizeForm(request.body as Record<string, unknown>)
        : (request.body as Record<string, unknown>);
      const client = authenticateClient(request, body, s.clients);

      const grant = body.grant_type;
      if (grant === undefined) throw apiErrors.invalidRequest("grant_type is required.");
      if (typeof grant !== "string" || !(grant in VARIANTS)) throw apiErrors.unsupportedGrantType();
      const validate = validators[grant as GrantType];
      if (!validate(body)) throw apiErrors.invalidRequest(describeErrors(validate.errors, "body"));

      let result: { response: TokenResponse; userId?: number };
      switch (grant as GrantType) {
        case "client_credentials":
          result = { response: await clientCredentialsGrant(s, client, body.scope as string) };
          break;
        case "login_info":
          result = await loginInfoGrant(
            s,
            client,
            body.scope as string,
            body.login_info as LoginInfo,
            sourceAddress(request, client),
          );
          break;
        case "refresh_token":
          result = await refreshTokenGrant(s, client, body.refresh_token as string, body.scope as string | undefined);
          break;
        case "authorization_code":
          result = await authorizationCodeGrant(s, client, body.code as string, body.redirect_uri as string);
          break;
      }
      if (result.userId !== undefined) request.logIds = { clientId: client.clientId, userId: result.userId };
      return result.response;
    },
  });
}
