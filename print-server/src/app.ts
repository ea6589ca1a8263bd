import formbody from "@fastify/formbody";
import Fastify, {
  LogController,
  type FastifyReply,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyError,
} from "fastify";
import type { TlsMaterial } from "./tls/certificates.js";
import { ApiError, apiErrors } from "./errors.js";
import { compile, describeErrors } from "./openapi/schema-validators.js";
import type { JsonSchema } from "./openapi/openapi-document.js";
import { creditStatementRoutes } from "./routes/credit-statement-routes.js";
import { jobRoutes } from "./routes/job-routes.js";
import { printerRoutes } from "./routes/printer-routes.js";
import { paymentRoutes } from "./routes/payment-routes.js";
import { reportRoutes } from "./routes/report-routes.js";
import { selfServiceRoutes } from "./routes/self-service-routes.js";
import { serverRoutes } from "./routes/server-routes.js";
import { signInPageRoutes } from "./routes/sign-in-page.js";
import { tokenEndpoint } from "./routes/token-endpoint.js";
import { userRoutes } from "./routes/user-routes.js";
import type { Services } from "./services.js";

/** Fastify's own client errors, mapped to the contract's codes. */
function clientError(err: FastifyError): ApiError {
  if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") return apiErrors.payloadTooLarge();
  // Bad input is always the contract's 400, an unknown body type included.
  if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
    return apiErrors.invalidRequest("Send the body as application/json.");
  return apiErrors.invalidRequest(
    err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
      ? "The body is not valid JSON."
      : "The request is not valid.",
  );
}

/** The one way an error is answered: the contract's status, headers and JSON body. */
function sendApiError(reply: FastifyReply, apiError: ApiError): FastifyReply {
  return reply.code(apiError.status).headers(apiError.headers).send(apiError.body());
}

/**
 * The print server's app. With `tls` null it is the sign-in page alone over
 * plain HTTP (StartupSettings.signInPagePort): no API route exists there.
 */
export async function buildApp(
  s: Services,
  tls: TlsMaterial | null,
  logger: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    // Our own one-line request log (onResponse below) replaces Fastify's two lines.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: s.startup.bodyLimit,
    ...(tls && { https: { key: tls.keyPem, cert: tls.certPem, minVersion: "TLSv1.2" } }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // While stopping, a request already on an open connection is still answered (with Connection: close,
    // see the onSend hook below) rather than with Fastify's own 503 body, which lacks the contract's error fields.
    return503OnClosing: false,
    // Requests Node cannot even parse (oversized headers, broken HTTP) still get a contract body.
    clientErrorHandler: (err, socket) => {
      const tooLarge = (err as { code?: string }).code === "HPE_HEADER_OVERFLOW";
      const body = JSON.stringify({ error: "invalid_request", error_description: "The request could not be read." });
      if (!socket.writable) return socket.destroy();
      socket.end(
        `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // Errors Fastify meets before routing (a malformed URL, say) get the contract's body too.
    frameworkErrors: (error, _request, reply) => {
      const apiError =
        error.statusCode === 413
          ? clientError(error)
          : apiErrors.invalidRequest("The request URL or headers are not valid.");
      void sendApiError(reply, apiError);
    },
  });

  // While stopping, every answer closes its connection, so keep-alive clients do not hold the exit up.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("Connection", "close");
  });

  app.decorateRequest("auth", null);
  app.decorateRequest("logIds", null);
  app.addHook("onRequest", async (request) => {
    request.logIds = {};
    // Debug level only: lets an operator (and the graceful-stop test) see a request arrive before its body.
    request.log.debug({ method: request.method, route: request.routeOptions.url ?? "(unmatched)" }, "request received");
  });

  // Request input is validated against the OpenAPI document with JSON Schema 2020-12.
  // Fastify types a route schema loosely; ours come from openapi.yaml, already JSON Schema objects.
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema as JsonSchema, httpPart !== "body"));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) apiError = err;
    else if (err.validation)
      apiError = apiErrors.invalidRequest(describeErrors(err.validation as never, err.validationContext ?? "request"));
    else if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500)
      apiError = clientError(err);
    else {
      // Message and code only: a stack trace never reaches the log or the client.
      request.log.error({ errName: err.name, errCode: err.code, errMessage: err.message }, "request failed");
      apiError = apiErrors.serverError();
    }
    return sendApiError(reply, apiError);
  });

  app.setNotFoundHandler(async () => {
    throw apiErrors.notFound("The resource");
  });

  // One line per request; the route pattern, never the URL, so no query value reaches the log.
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(unmatched)",
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        clientId: request.logIds?.clientId,
        userId: request.logIds?.userId,
      },
      "request",
    );
  });

  // An empty body labelled application/json is no body at all: the MyQ payment
  // gateway commits a payment that way. Anything else is Fastify's own (safe) JSON parse.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });
  await app.register(formbody, { bodyLimit: s.startup.bodyLimit });
  // Each file of routes is a plugin; the hooks and handlers above apply to all of them.
  const plugins = tls
    ? [
        tokenEndpoint,
        serverRoutes,
        userRoutes,
        selfServiceRoutes,
        creditStatementRoutes,
        reportRoutes,
        jobRoutes,
        printerRoutes,
        paymentRoutes,
        signInPageRoutes,
      ]
    : [signInPageRoutes];
  for (const routes of plugins) {
    await app.register(routes, { services: s });
  }
  return app;
}
