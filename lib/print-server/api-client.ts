import "server-only";
import { readFileSync } from "node:fs";
import { createSecureContext, rootCertificates } from "node:tls";
import createClient, { type Client } from "openapi-fetch";
import { Agent, type Dispatcher } from "undici";
import { getEnv } from "@/lib/env";
import { forwardedForHeader } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { refreshTimeLimitFor } from "@/lib/state/lock-lifetime";
import { CallAnswer, OutgoingCall } from "./call-carriers";
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
// row after a pause). Reads are therefore sent once more when that happens.
// Changes (sign-in, token refresh, release, voucher) are never repeated: they
// go on connections that are closed after a second idle (createFreshAgent),
// long before any server closes them, so the race cannot meet them.

const droppedConnectionCodes = new Set(["UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNRESET", "EPIPE"]);

/** True when a request failed because its connection was closed under it, before any answer. */
export function isDroppedConnection(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" && droppedConnectionCodes.has(cause.code);
}

const isRead = (method: string) => method === "GET" || method === "HEAD";

/** What one call sends, as undici's `request` takes it; a repeat sends the same. */
interface Outgoing {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Statuses whose answers have no body. */
const nullBodyStatuses = new Set([204, 205, 304]);

/**
 * One call through `dispatcher`. undici's `request` on the pool rather than
 * its `fetch`: fetch runs the whole WHATWG pipeline (a second Request, web
 * streams both ways) and costs about twice the CPU per call, which every API
 * answer of the portal pays (issue 14). `timeoutMs` limits the call until
 * its answer's headers; the dispatcher's own limits (createAgent) the pauses
 * in its body, which openapi-fetch reads afterwards (call-carriers.ts).
 * Redirects are not followed: the API answers none, and a bearer token has
 * no business following one. A failure reads like fetch's (a TypeError whose
 * cause carries undici's code, or the time limit's own error), so callers
 * tell them apart one way (isDroppedConnection).
 */
async function sendOnce(outgoing: Outgoing, dispatcher: Dispatcher, timeoutMs: number): Promise<CallAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let answer: Dispatcher.ResponseData;
  try {
    answer = await dispatcher.request({ ...outgoing, signal });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new TypeError("fetch failed", { cause: error });
  }
  // openapi-fetch reads no body of these: nothing may hold the connection.
  if (
    nullBodyStatuses.has(answer.statusCode) ||
    outgoing.method === "HEAD" ||
    answer.headers["content-length"] === "0"
  ) {
    await answer.body.dump();
  }
  return new CallAnswer(answer.statusCode, answer.headers, answer.body);
}

/**
 * A typed client for one print server. Trust is added per server with an undici
 * Agent: NODE_EXTRA_CA_CERTS would be read only at process start, and
 * verification is never switched off.
 */
export function createPrintServerApi(options: ApiClientOptions): PrintServerApi {
  const dispatcher = options.dispatcher ?? createAgent(options.caPem, options.timeoutMs);
  const fresh = options.freshDispatcher ?? options.dispatcher ?? createFreshAgent(options.caPem, options.timeoutMs);
  const baseUrl = `${options.baseUrl.replace(/\/+$/, "")}/api`;
  const origin = new URL(baseUrl).origin;
  const send = (outgoing: Outgoing, through: Dispatcher) => sendOnce(outgoing, through, options.timeoutMs);
  return createClient<paths>({
    baseUrl,
    // Plain carriers instead of WHATWG Requests and Responses (call-carriers.ts).
    Request: OutgoingCall as unknown as typeof Request,
    fetch: async (input) => {
      const call = input as unknown as OutgoingCall;
      const headers: Record<string, string> = {};
      for (const [name, value] of call.headers) headers[name] = value;
      const outgoing: Outgoing = {
        origin,
        path: call.url.slice(origin.length),
        method: call.method,
        headers,
        body: call.body,
      };
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

/** How long a connection for changes is kept while idle: a fraction of any server's own keep-alive time (Node's default is 5 s). */
export const freshIdleMs = 1000;

/**
 * Connections for changes (and for the one repeat of a read whose connection
 * was dropped), kept alive but only briefly. A change on a connection of its
 * own paid a TLS handshake on both sides, most of what the portal added to a
 * sign-in or a release (issue 14); at the morning rush the next change finds
 * this one's connection open. The race that a read is repeated for (the
 * server closing an idle connection as a request is written to it) needs a
 * connection the server has kept idle for its whole keep-alive time; these
 * are closed by the portal long before. A change is still never repeated
 * (undici repeats nothing by itself, and sendOnce does not): a failure reads
 * "try again" (or, for a release, "look before trying again").
 */
export function createFreshAgent(caPem: string | undefined, timeoutMs: number): Agent {
  return createAgent(caPem, timeoutMs, { keepAliveTimeout: freshIdleMs, keepAliveMaxTimeout: freshIdleMs });
}

/** The header that carries a user's (or the portal's) access token, on every call. */
export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

/** The browser's address, on a call whose failures the print server counts per person (contract-assumptions.ts). */
export function forwardedFor(address: string | undefined): Record<string, string> {
  return address ? { [forwardedForHeader]: address } : {};
}

const cache = globalThis as typeof globalThis & {
  __printServerApi?: PrintServerApi;
  __printServerAgent?: Agent;
  __printServerFreshAgent?: Dispatcher;
  __printServerRefreshApi?: PrintServerApi;
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

/** The configured print server's briefly kept-alive connections, for changes (createFreshAgent). */
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
