import type { FastifyInstance, FastifyReply } from "fastify";
import { sourceAddress } from "../auth/client-authentication.js";
import { grantableScopes } from "../auth/token-grants.js";
import { signInUser, type LoginInfo } from "../auth/user-sign-in.js";
import type { ClientRecord } from "../db/clients.js";
import { ApiError } from "../errors.js";
import { componentSchema, operation } from "../openapi/openapi-document.js";
import { compile } from "../openapi/schema-validators.js";
import type { Services } from "../services.js";
import { errorPage, signInPage, type SignInRequest } from "./sign-in-page-html.js";

const LANG = /^[a-z]{2}(-[A-Za-z]{2})?$/;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("Referrer-Policy", "no-referrer")
    .header("X-Content-Type-Options", "nosniff")
    .header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(body);
}

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return reply.code(302).header("Cache-Control", "no-store").header("Location", url.toString()).send();
}

/**
 * The authorization_code grant's sign-in page at /{lang}/auth. A wrong client
 * or redirect_uri gets an error page and never a redirect, so the page cannot
 * be used to send people to an arbitrary address.
 */
export function signInPageRoutes(app: FastifyInstance, s: Services): void {
  const show = operation("showSignInPage");
  const validateQuery = compile(show.querystring ?? {}, true);
  const validateForm = compile(componentSchema("SignInForm"), true);

  function checkedClient(input: SignInRequest): ClientRecord | string {
    const client = s.clients.get(input.client_id);
    if (!client) return "This application is not registered with the print server.";
    if (!client.redirectUris.includes(input.redirect_uri))
      return "The return address of this application is not registered.";
    return client;
  }

  app.get(show.routePath, async (request, reply) => {
    const { lang } = request.params as { lang: string };
    const query = { ...(request.query as Record<string, unknown>) };
    if (!LANG.test(lang) || !validateQuery(query))
      return html(reply, 400, errorPage("en", "The sign-in link is not complete or not valid."));
    const input = query as unknown as SignInRequest;
    const client = checkedClient(input);
    if (typeof client === "string") return html(reply, 400, errorPage(lang, client));
    try {
      grantableScopes(input.scope, client);
    } catch {
      return redirectWith(reply, input.redirect_uri, { error: "invalid_scope", state: input.state });
    }
    return html(reply, 200, signInPage(lang, client.title, input));
  });

  app.post(show.routePath, async (request, reply) => {
    const { lang } = request.params as { lang: string };
    const form = { ...(request.body as Record<string, unknown> | null) };
    if (!LANG.test(lang) || !validateForm(form))
      return html(reply, 400, errorPage("en", "The sign-in form was not complete."));
    const input = form as unknown as SignInRequest & {
      method: "pin" | "password";
      pin?: string;
      username?: string;
      password?: string;
    };
    const client = checkedClient(input);
    if (typeof client === "string") return html(reply, 400, errorPage(lang, client));
    request.logIds = { clientId: client.clientId };
    let scopes: string[];
    try {
      scopes = grantableScopes(input.scope, client);
    } catch {
      return redirectWith(reply, input.redirect_uri, { error: "invalid_scope", state: input.state });
    }
    const info: LoginInfo | null =
      input.method === "pin"
        ? input.pin
          ? { type: 2, pin: input.pin }
          : null
        : input.username && input.password
          ? { type: 3, user: input.username, pwd: input.password }
          : null;
    if (!info) return html(reply, 400, signInPage(lang, client.title, input, "Fill in every field."));
    try {
      // The browser talks to this page directly, so its own address is the source.
      const user = await signInUser(info, sourceAddress(request, null), s.users, s.limiter);
      request.logIds = { clientId: client.clientId, userId: user.id };
      const code = s.grants.createCode(client.clientId, user.id, scopes.join(" "), input.redirect_uri);
      return redirectWith(reply, input.redirect_uri, { code, state: input.state });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 429) {
        reply.header("Retry-After", err.headers["Retry-After"] ?? "900");
        return html(
          reply,
          429,
          signInPage(lang, client.title, input, "Too many failed sign-ins. Wait a few minutes, then try again."),
        );
      }
      return html(
        reply,
        400,
        signInPage(lang, client.title, input, "Sign-in failed. Check what you typed and try again."),
      );
    }
  });
}
