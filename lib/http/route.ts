import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod/mini";
import { cookies } from "next/headers";
import {
  currentSession,
  sessionUser,
  withUserToken,
  type ActiveSession,
  type SessionState,
  type SessionUser,
} from "@/lib/auth/current-session";
import { renewalDue, renewedSessionCookie, type SessionClaims } from "@/lib/auth/session-cookie";
import { PortalError } from "@/lib/browser-safe/errors";
import { getEnv } from "@/lib/env";
import { isSentenceKey } from "@/lib/i18n/error-sentence";
import { localeOfRequest } from "@/lib/i18n/request-locale";
import { isCrossSiteChange } from "./cross-site";
import { declaresLargeBody } from "./large-body";
import { errorAnswer } from "./error-response";
import { readJsonBody } from "./read-json-body";

// The one way to write a route handler. The wrapper does, in this order, what
// every route needs and none may forget: refuse a state-changing request
// from another site, check the URL segments and the body against the route's
// schema.ts (the body read as a stream with a byte cap), find the session
// (one lookup) and the person's access token, and answer anything thrown as
// a PortalError in the person's language. The handler is then the route's
// own work: a few calls and early returns.
//
//   export const GET = userRoute({ params: executionParams }, async ({ params, token }) =>
//     answerJson(statusResponse, { status: await probeExecution(token, params.id) }),
//   );

type SegmentValues = Record<string, string | string[] | undefined>;

/** Next.js's route handler signature. */
type RouteHandler = (request: NextRequest, context: { params: Promise<SegmentValues> }) => Promise<Response>;

export interface RouteOptions<Params, Body> {
  /** The dynamic URL segments ([id]); a refused one answers 400. */
  params?: z.ZodMiniType<Params>;
  /** The JSON body; a refused one answers 400, a missing one reads as undefined. */
  body?: z.ZodMiniType<Body>;
  /**
   * The largest body accepted, in bytes (default 16 KiB); larger answers 413.
   * A route without `body` that streams its own (an upload) names its limit here.
   */
  maxBodyBytes?: number;
}

export interface PublicRequest<Params, Body> {
  request: NextRequest;
  params: Params;
  body: Body;
}

export interface UserRequest<Params, Body> extends PublicRequest<Params, Body> {
  user: SessionUser;
  /** The person's print server access token, fresh for this request. */
  token: string;
  /** The session as read for this request (the handler need not read it again). */
  session: ActiveSession;
}

const defaultMaxBodyBytes = 16 * 1024;

/**
 * The value a schema lets through, or a `bad_request` whose sentence is the
 * first refused field's message when that names a catalogue sentence
 * (schema.ts: `{ error: "reports.answers.badFormat" }`), else the generic one.
 */
function checked<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? "";
  const field = issue?.path[0];
  throw new PortalError("bad_request", {
    reason: `${what} refused`,
    sentenceKey: isSentenceKey(message) ? message : undefined,
    field: typeof field === "string" ? field : undefined,
  });
}

async function checkedRequest<Params, Body>(
  request: NextRequest,
  context: { params: Promise<SegmentValues> },
  options: RouteOptions<Params, Body>,
): Promise<{ params: Params; readBody: () => Promise<Body> }> {
  // Before anything else, so that nothing of a refused body is read.
  if (declaresLargeBody(request, options.maxBodyBytes))
    throw new PortalError("too_large", { reason: "declared body too large" });
  if (isCrossSiteChange(request, getEnv().PORTAL_URL)) throw new PortalError("cross_site");
  const params = (options.params ? checked(options.params, await context.params, "params") : undefined) as Params;
  const readBody = async () =>
    (options.body
      ? checked(options.body, await readJsonBody(request, options.maxBodyBytes ?? defaultMaxBodyBytes), "body")
      : undefined) as Body;
  return { params, readBody };
}

/** A route anyone may call (health checks, sign-in helpers). */
export function publicRoute<Params = undefined, Body = undefined>(
  options: RouteOptions<Params, Body>,
  handler: (input: PublicRequest<Params, Body>) => Promise<Response>,
): RouteHandler {
  return async (request, context) => {
    try {
      const { params, readBody } = await checkedRequest(request, context, options);
      return await handler({ request, params, body: await readBody() });
    } catch (error) {
      return errorAnswer(error, await localeOfRequest(currentSession));
    }
  };
}

/** A route for the signed-in person: 401 without a session, their token otherwise. */
export function userRoute<Params = undefined, Body = undefined>(
  options: RouteOptions<Params, Body>,
  handler: (input: UserRequest<Params, Body>) => Promise<Response>,
): RouteHandler {
  return async (request, context) => {
    let state: SessionState | undefined;
    let answer: Response;
    try {
      const { params, readBody } = await checkedRequest(request, context, options);
      state = await currentSession();
      if (state.status === "none") throw new PortalError("unauthenticated");
      if (state.status === "ended") throw new PortalError("session_ended");
      const active = state;
      const body = await readBody();
      // A read may be repeated when the token expired on its way (withUserToken).
      const safeToRepeat = request.method === "GET" || request.method === "HEAD";
      answer = await withUserToken(
        active,
        (token) => handler({ request, params, body, user: sessionUser(active.session), token, session: active }),
        { safeToRepeat },
      );
    } catch (error) {
      // The session already read words the answer; no second lookup.
      const known = state;
      answer = errorAnswer(error, await localeOfRequest(known ? async () => known : currentSession));
    }
    // The cookie's idle timer, as proxy.ts restarts it for pages (API requests do not pass there).
    if (state?.status === "active" && state.cookie && renewalDue(state.cookie)) await renewSessionCookie(state.cookie);
    return answer;
  };
}

/** Sets the renewed session cookie on the answer (once its idle timer is due: at most once a minute). */
async function renewSessionCookie(claims: SessionClaims): Promise<void> {
  const renewed = await renewedSessionCookie(claims);
  (await cookies()).set(renewed.name, renewed.value, renewed.options);
}

/**
 * JSON answers shorter than this go as they are (`no-transform` keeps Next.js
 * from gzipping them): for a short answer, compressing and inflating it take
 * longer than sending the bytes it saves on a LAN. Longer ones (a long
 * statement or printer list) are compressed. A reverse proxy in front may
 * still compress any of them.
 */
export const compressJsonFromChars = 16 * 1024;

/** A JSON answer of exactly what `schema` lets through, never cached. */
export function answerJson<T>(schema: z.ZodMiniType<T>, value: T, status = 200): NextResponse<T> {
  const body = JSON.stringify(schema.parse(value));
  const cacheControl = body.length < compressJsonFromChars ? "private, no-store, no-transform" : "private, no-store";
  return new NextResponse<T>(body, {
    status,
    headers: { "content-type": "application/json", "cache-control": cacheControl },
  });
}

/**
 * The URL's query, checked like a body: a refused value answers 400 with the
 * sentence its schema names. Repeated names keep the first value.
 */
export function checkedQuery<T>(schema: z.ZodMiniType<T>, request: NextRequest): T {
  return checked(schema, Object.fromEntries(request.nextUrl.searchParams), "query");
}
