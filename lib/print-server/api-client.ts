import "server-only";
import { readFileSync } from "node:fs";
import { createSecureContext, rootCertificates } from "node:tls";
import createClient, { type Client } from "openapi-fetch";
import { Agent, fetch as undiciFetch, Request as UndiciRequest, type Dispatcher } from "undici";
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

/**
 * A typed client for one print server. Trust is added per server with an undici
 * Agent: NODE_EXTRA_CA_CERTS would be read only at process start, and
 * verification is never switched off.
 */
export function createPrintServerApi(options: ApiClientOptions): PrintServerApi {
  const dispatcher = options.dispatcher ?? createAgent(options.caPem, options.timeoutMs);
  const fresh = options.freshDispatcher ?? options.dispatcher ?? createFreshAgent(options.caPem, options.timeoutMs);
  const send = (request: UndiciRequest, through: Dispatcher) =>
    undiciFetch(request, { dispatcher: through, signal: AbortSignal.timeout(options.timeoutMs) });
  return createClient<paths>({
    baseUrl: `${options.baseUrl}/api`,
    // undici's own Request and fetch, so the dispatcher option is honoured.
    Request: UndiciRequest as unknown as typeof Request,
    fetch: async (input) => {
      const request = input as unknown as UndiciRequest;
      if (!isRead(request.method)) return (await send(request, fresh)) as unknown as Response;
      try {
        return (await send(request.clone(), dispatcher)) as unknown as Response;
      } catch (error) {
        if (!isDroppedConnection(error)) throw error;
        return (await send(request, fresh)) as unknown as Response;
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
export function createAgent(caPem: string | undefined, timeoutMs: number): Agent {
  const secureContext = caPem ? createSecureContext({ ca: [...rootCertificates, caPem] }) : undefined;
  return new Agent({
    connect: { secureContext, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
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
