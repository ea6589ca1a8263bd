import "server-only";
import { readFileSync } from "node:fs";
import { createSecureContext, rootCertificates } from "node:tls";
import createClient, { type Client } from "openapi-fetch";
import { Agent, Request as UndiciRequest, Response as UndiciResponse, type Dispatcher } from "undici";
import { getEnv } from "@/lib/env";
import { PortalError } from "@/lib/browser-safe/errors";
import { refreshTimeLimitFor } from "@/lib/state/lock-lifetime";
import type { paths } from "./schema";

export type PrintServerApi = Client<paths>;

export interface ApiClientOptions {
  /** Server root, e.g. https://127.0.0.1:8090 (the client appends /api). */
  baseUrl: string;
  /** PEM of a CA to trust for this server, in addition to the system's. */
  caPem?: string;
  timeoutMs: number;
  /** A dispatcher to use instead of a new agent (the shared agent, or undici's MockAgent in tests). */
  dispatcher?: Dispatcher;
  /** Where changes and repeated reads go (default: a new one-request-per-connection agent; `dispatcher` when given). */
  freshDispatcher?: Dispatcher;
}

// Kept-alive connections race with the server closing them when idle: a
// request written to a connection the server has just closed fails at once
// ("other side closed"), though the server never saw it. Under load the
// portal's own idle timer runs late, so this is no rarity (several 503s in a
// row after a pause). Reads are therefore sent once more when that happens,
// and changes (sign-in, token refresh, release, voucher) always go on a
// connection of their own, where it cannot happen; they are never repeated.

const droppedConnectionCodes = new Set(["UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNRESET", "EPIPE"]);

/** True when a request failed because its connection was closed under it, before any answer. */
export function isDroppedConnection(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" && droppedConnectionCodes.has(cause.code);
}

const isRead = (method: string) => method === "GET" || method === "HEAD";

/** What one call sends: read once from openapi-fetch's Request, so a repeat sends the same. */
interface Outgoing {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

async function outgoingOf(request: UndiciRequest): Promise<Outgoing> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  const body = request.body ? await request.text() : undefined;
  return { origin: url.origin, path: `${url.pathname}${url.search}`, method: request.method, headers, body };
}

/** Statuses whose answers have no body (a Response refuses one for them). */
const nullBodyStatuses = new Set([204, 205, 304]);

/**
 * One call through `dispatcher`, answered as a Response with its (small JSON)
 * body read. undici's `request` on the pool rather than its `fetch`: fetch
 * runs the whole WHATWG pipeline (a second Request, web streams both ways)
 * and costs about twice the CPU per call, which every API answer of the
 * portal pays (issue 14). Redirects are not followed: the API answers none,
 * and a bearer token has no business following one. A failure reads like
 * fetch's (a TypeError whose cause carries undici's code, or the time
 * limit's own error), so callers tell them apart one way (isDroppedConnection).
 */
async function sendOnce(outgoing: Outgoing, dispatcher: Dispatcher, timeoutMs: number): Promise<UndiciResponse> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const answer = await dispatcher.request({ ...outgoing, signal });
    const body = nullBodyStatuses.has(answer.statusCode) ? null : await answer.body.arrayBuffer();
    if (body === null) await answer.body.dump();
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.push([name, item]);
      else if (value !== undefined) headers.push([name, value]);
    }
    return new UndiciResponse(body, { status: answer.statusCode, headers });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new TypeError("fetch failed", { cause: error });
  }
}

/**
 * A typed client for one print server. Trust is added per server with an undici
 * Agent: NODE_EXTRA_CA_CERTS would be read only at process start, and
 * verification is never switched off.
 */
export function createPrintServerApi(options: ApiClientOptions): PrintServerApi {
  const dispatcher = options.dispatcher ?? createAgent(options.caPem, options.timeoutMs);
  const fresh = options.freshDispatcher ?? options.dispatcher ?? createFreshAgent(options.caPem, options.timeoutMs);
  const send = (outgoing: Outgoing, through: Dispatcher) => sendOnce(outgoing, through, options.timeoutMs);
  return createClient<paths>({
    baseUrl: `${options.baseUrl}/api`,
    // undici's own Request, read back into a plain undici `request` (sendOnce).
    Request: UndiciRequest as unknown as typeof Request,
    fetch: async (input) => {
      const outgoing = await outgoingOf(input as unknown as UndiciRequest);
      if (!isRead(outgoing.method)) return (await send(outgoing, fresh)) as unknown as Response;
      try {
        return (await send(outgoing, dispatcher)) as unknown as Response;
      } catch (error) {
        if (!isDroppedConnection(error)) throw error;
        return (await send(outgoing, fresh)) as unknown as Response;
      }
    },
  });
}

/**
 * Connections trusting `caPem` in addition to the system's CAs (a `ca` list
 * replaces Node's default one, so the public roots are kept). The trust store
 * is built once per agent: given as `ca`, Node would parse the 140-odd roots
 * again for every new connection (several ms of CPU each, and sign-ins and
 * changes open one each). The timeouts limit connecting, waiting for headers
 * and each pause in a body, not the whole transfer, so the same agent can
 * stream large downloads.
 */
export function createAgent(caPem: string | undefined, timeoutMs: number, options: Agent.Options = {}): Agent {
  const secureContext = caPem ? createSecureContext({ ca: [...rootCertificates, caPem] }) : undefined;
  return new Agent({
    connect: { secureContext, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    ...options,
  });
}

/** How long a sign-in connection is kept while idle: a fraction of any server's own keep-alive time (Node's default is 5 s). */
export const signInIdleMs = 1000;

/**
 * Connections for sign-in token calls, kept alive but only briefly. A sign-in
 * on a connection of its own pays a TLS handshake on both sides (most of what
 * the portal added to a sign-in, issue 14); at the morning rush the next
 * sign-in finds this one's connection open. The race the fresh connections
 * avoid (the server closing an idle connection as a request is written to it)
 * needs a connection the server has kept idle for its whole keep-alive time;
 * these are closed by the portal long before. The call is still never
 * repeated (undici repeats nothing by itself, and sendOnce does not): a
 * failure reads "try again", and nothing is counted against the person.
 */
export function createSignInAgent(caPem: string | undefined, timeoutMs: number): Agent {
  return createAgent(caPem, timeoutMs, { keepAliveTimeout: signInIdleMs, keepAliveMaxTimeout: signInIdleMs });
}

/** Like createAgent, but each connection carries one request and closes: none is ever reused idle. */
export function createFreshAgent(caPem: string | undefined, timeoutMs: number): Dispatcher {
  return createAgent(caPem, timeoutMs).compose(
    (dispatch) => (dispatchOptions, handler) => dispatch({ ...dispatchOptions, reset: true }, handler),
  );
}

/** The header that carries a user's (or the portal's) access token, on every call. */
export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

const cache = globalThis as typeof globalThis & {
  __printServerApi?: PrintServerApi;
  __printServerAgent?: Agent;
  __printServerFreshAgent?: Dispatcher;
  __printServerRefreshApi?: PrintServerApi;
  __printServerSignInApi?: PrintServerApi;
};

function configuredCaPem(): string | undefined {
  const file = getEnv().PRINT_SERVER_CA_FILE;
  if (!file) return undefined;
  try {
    return readFileSync(file, "utf8");
  } catch (cause) {
    throw new PortalError("internal", { reason: "PRINT_SERVER_CA_FILE cannot be read", cause });
  }
}

/** The configured print server's connection pool, for calls outside openapi-fetch (streamed downloads). */
export function printServerAgent(): Agent {
  cache.__printServerAgent ??= createAgent(configuredCaPem(), getEnv().PRINT_SERVER_TIMEOUT_MS);
  return cache.__printServerAgent;
}

/** The configured print server's one-request connections, for changes (see createPrintServerApi). */
export function printServerFreshAgent(): Dispatcher {
  cache.__printServerFreshAgent ??= createFreshAgent(configuredCaPem(), getEnv().PRINT_SERVER_TIMEOUT_MS);
  return cache.__printServerFreshAgent;
}

/** The configured print server's client, shared by every module of this process. */
export function printServerApi(): PrintServerApi {
  if (!cache.__printServerApi) {
    const env = getEnv();
    cache.__printServerApi = createPrintServerApi({
      baseUrl: env.PRINT_SERVER_URL,
      timeoutMs: env.PRINT_SERVER_TIMEOUT_MS,
      dispatcher: printServerAgent(),
      freshDispatcher: printServerFreshAgent(),
    });
  }
  return cache.__printServerApi;
}

/**
 * The configured print server's client for sign-in token calls: its changes
 * (the token POST) go on the briefly kept-alive sign-in connections
 * (createSignInAgent), not on a new connection each.
 */
export function printServerSignInApi(): PrintServerApi {
  if (!cache.__printServerSignInApi) {
    const env = getEnv();
    cache.__printServerSignInApi = createPrintServerApi({
      baseUrl: env.PRINT_SERVER_URL,
      timeoutMs: env.PRINT_SERVER_TIMEOUT_MS,
      dispatcher: printServerAgent(),
      freshDispatcher: createSignInAgent(configuredCaPem(), env.PRINT_SERVER_TIMEOUT_MS),
    });
  }
  return cache.__printServerSignInApi;
}

/**
 * A client for token refreshes: a refresh may take as long as the session
 * lock lives (lib/state/lock-lifetime.ts), not only the usual call time
 * limit, so a slow print server's late answer is kept, not lost.
 */
export function createRefreshApi(options: Omit<ApiClientOptions, "timeoutMs"> & { callTimeoutMs: number }) {
  const { callTimeoutMs, ...rest } = options;
  return createPrintServerApi({ ...rest, timeoutMs: refreshTimeLimitFor(callTimeoutMs) });
}

/** The configured print server's refresh client, with connections of its own (their time limit differs). */
export function printServerRefreshApi(): PrintServerApi {
  if (!cache.__printServerRefreshApi) {
    const env = getEnv();
    cache.__printServerRefreshApi = createRefreshApi({
      baseUrl: env.PRINT_SERVER_URL,
      caPem: configuredCaPem(),
      callTimeoutMs: env.PRINT_SERVER_TIMEOUT_MS,
    });
  }
  return cache.__printServerRefreshApi;
}
