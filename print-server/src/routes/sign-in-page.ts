import type { FastifyReply } from "fastify";
import { sourceAddress } from "../auth/client-authentication.js";
import { grantableScopes } from "../auth/token-grants.js";
import { signInUser, type LoginInfo, type NameAndPin } from "../auth/user-sign-in.js";
import type { ClientRecord } from "../db/clients.js";
import { ApiError } from "../errors.js";
import { publicRoute, type RoutePlugin } from "./api-route.js";
import { errorPage, signInPage, type SignInRequest } from "./sign-in-page-html.js";
import type { PageMessage } from "./sign-in-page-text.js";

function html(reply: FastifyReply, status: 200 | 400 | 429, body: string) {
  return reply
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("Referrer-Policy", "no-referrer")
    .header("X-Content-Type-Options", "nosniff")
    .header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    )
    .code(status)
    .send(body);
}

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return reply.code(302).header("Cache-Control", "no-store").header("Location", url.toString()).send();
}

/**
 * PKCE (RFC 7636) of the sign-in link: null without a challenge, the S256
 * challenge, or "invalid" (another method, or a malformed challenge).
 */
function pkceChallenge(input: SignInRequest): string | null | "invalid" {
  if (input.code_challenge === undefined) return input.code_challenge_method === undefined ? null : "invalid";
  return input.code_challenge_method === "S256" && /^[A-Za-z0-9_-]{43}$/.test(input.code_challenge)
    ? input.code_challenge
    : "invalid";
}

/**
 * The authorization_code grant's sign-in page at /{lang}/auth. A wrong client
 * or redirect_uri gets an error page and never a redirect, so the page cannot
 * be used to send people to an arbitrary address.
 */
export const signInPageRoutes: RoutePlugin = async (app, { services: s }) => {
  function checkedClient(input: SignInRequest): ClientRecord | PageMessage {
    const client = s.clients.get(input.client_id);
    if (!client) return "unknownClient";
    if (!client.redirectUris.includes(input.redirect_uri)) return "unknownRedirect";
    return client;
  }
  // Before validation the language is only a hint; pageLanguage() keeps it to en, de or cs.
  const rawLang = (params: unknown) => (params as { lang?: string } | undefined)?.lang ?? "en";
  const rawTheme = (input: unknown) => (input as { theme?: string } | undefined)?.theme;

  // Input that fails the schema gets an error page here, not the JSON 400 of the API.
  publicRoute(
    app,
    "showSignInPage",
    async (request, reply) => {
      if (request.validationError)
        return html(reply, 400, errorPage(rawLang(request.params), "badLink", rawTheme(request.query)));
      const { lang } = request.params;
      const input = request.query;
      const client = checkedClient(input);
      if (typeof client === "string") return html(reply, 400, errorPage(lang, client, input.theme));
      // Known client, registered address: errors go back there with the state (RFC 6749 section 4.1.2.1).
      if (input.response_type !== "code")
        return redirectWith(reply, input.redirect_uri, { error: "unsupported_response_type", state: input.state });
      if (pkceChallenge(input) === "invalid")
        return redirectWith(reply, input.redirect_uri, {
          error: "invalid_request",
          error_description: "code_challenge_method must be S256, with a 43-character code_challenge.",
          state: input.state,
        });
      try {
        grantableScopes(input.scope, client);
      } catch {
        return redirectWith(reply, input.redirect_uri, { error: "invalid_scope", state: input.state });
      }
      return html(reply, 200, signInPage(lang, client.title, input));
    },
    { answersInvalidInput: true },
  );

  publicRoute(
    app,
    "submitSignInPage",
    async (request, reply) => {
      if (request.validationError)
        return html(reply, 400, errorPage(rawLang(request.params), "badForm", rawTheme(request.body)));
      const { lang } = request.params;
      const input = request.body;
      const client = checkedClient(input);
      if (typeof client === "string") return html(reply, 400, errorPage(lang, client, input.theme));
      request.logIds = { clientId: client.clientId };
      let scopes: string[];
      try {
        scopes = grantableScopes(input.scope, client);
      } catch {
        return redirectWith(reply, input.redirect_uri, { error: "invalid_scope", state: input.state });
      }
      if (input.method === "cancel")
        return redirectWith(reply, input.redirect_uri, { error: "access_denied", state: input.state });
      const challenge = pkceChallenge(input);
      if (challenge === "invalid")
        return redirectWith(reply, input.redirect_uri, { error: "invalid_request", state: input.state });
      // The PIN only together with the user name it belongs to, as the portal asks for it.
      const info: LoginInfo | NameAndPin | null =
        input.method === "pin"
          ? input.username && input.pin
            ? { type: "name-and-pin", user: input.username, pin: input.pin }
            : null
          : input.username && input.password
            ? { type: 3, user: input.username, pwd: input.password }
            : null;
      const failed = (message: PageMessage) => signInPage(lang, client.title, input, { method: input.method, message });
      if (!info) return html(reply, 400, failed("fillEveryField"));
      try {
        // The browser talks to this page directly, so its own address is the source.
        const user = await signInUser(info, sourceAddress(request, null), s.users, s.limiter);
        request.logIds = { clientId: client.clientId, userId: user.id };
        const code = s.grants.createCode(client.clientId, user.id, scopes.join(" "), input.redirect_uri, challenge);
        return redirectWith(reply, input.redirect_uri, { code, state: input.state });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.status === 429) {
          reply.header("Retry-After", err.headers["Retry-After"] ?? "900");
          return html(reply, 429, failed("tooMany"));
        }
        return html(reply, 400, failed("failed"));
      }
    },
    { answersInvalidInput: true },
  );
};
