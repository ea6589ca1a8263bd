import "server-only";
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import createClient, { type Client } from "openapi-fetch";
import { Agent, fetch as undiciFetch, type Dispatcher } from "undici";
import { getEnv } from "@/lib/env";
import { forwardedForHeader } from "@/lib/browser-safe/contract-assumptions";
import { PortalError } from "@/lib/browser-safe/errors";
import { processSingleton } from "@/lib/process-singletons";
import { refreshTimeLimitFor } from "@/lib/state/lock-lifetime";
import type { paths } from "./schema";

/** A file as the print server answers it: its body unread, taken only as fast as it is read. */
export interface PrintServerFile {
  status: number;
  headers: Headers;
  body: Dispatcher.ResponseData["body"];
}

export interface PrintServerApi extends Client<paths> {
  /**
   * GETs `path` (under /api) to pass a large file on: its body as Node's
   * stream, which hands on what has arrived (docs/decisions/016).
   */
  openFile(path: string, init: { headers: Record<string, string>; signal?: AbortSignal }): Promise<PrintServerFile>;
}

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
// portal's own idle timer runs late, so this is no rarity. Reads are
// therefore sent once more when that happens.
// Changes (sign-in, token refresh, release, voucher) are never repeated: they
// go on connections that are closed after a second idle (createFreshAgent),
// long before any server closes them, so the race cannot meet them.

const droppedConnectionCodes = new Set(["UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNRESET", "EPIPE"]);

/**
 * True when a request failed because its connection was closed under it,
 * before any answer: undici's error itself (`request`) or as the cause of fetch's.
 */
export function isDroppedConnection(error: unknown): boolean {
  return [error, error instanceof Error ? error.cause : undefined].some((each) => {
    const code = (each as { code?: unknown } | null | undefined)?.code;
    return typeof code === "string" && droppedConnectionCodes.has(code);
  });
}

const isRead = (method: string) => method === "GET" || method === "HEAD";

type Fetch = (request: Request) => Promise<Response>;

/** Runs `send` with `signal` joined by a time limit of `timeoutMs` on its answer (its headers, not its body). */
async function withinTime<T>(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const late = new AbortController();
  const timer = setTimeout(
    () => late.abort(new DOMException("the print server did not answer in time", "TimeoutError")),
    timeoutMs,
  );
  try {
    return await send(signal ? AbortSignal.any([signal, late.signal]) : late.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** A read on the kept-alive pool, sent once more on a new connection when its own was closed under it. */
async function sendRead<T>(reads: Dispatcher, changes: Dispatcher, send: (dispatcher: Dispatcher) => Promise<T>) {
  try {
    return await send(reads);
  } catch (error) {
    if (!isDroppedConnection(error)) throw error;
    return send(changes);
  }
}

/**
 * openapi-fetch's `fetch` on undici's own, so each call goes through a
 * dispatcher of the print server (its CA, its connections): reads on the
 * kept-alive pool, sent once more on a new connection when theirs was closed
 * under them; changes on the briefly kept-alive one, never repeated.
 * `timeoutMs` limits the wait for an answer's headers; the dispatchers' own
 * limits the pauses in its body, so a large report file may take as long as
 * it needs. Redirects are not followed: the API answers none, and a bearer
 * token has no business following one.
 */
function printServerFetch(reads: Dispatcher, changes: Dispatcher, timeoutMs: number): Fetch {
  return async (request) => {
    const body = request.body ? await request.text() : undefined;
    const send = (dispatcher: Dispatcher) =>
      withinTime(request.signal, timeoutMs, (signal) =>
        undiciFetch(request.url, {
          method: request.method,
          headers: [...request.headers],
          body,
          redirect: "manual",
          signal,
          dispatcher,
        }),
      );
    const answer = isRead(request.method) ? await sendRead(reads, changes, send) : await send(changes);
    // The WHATWG Response openapi-fetch reads; undici's typings differ from the DOM library's in iterator details only.
    return answer as unknown as Response;
  };
}

/**
 * PrintServerApi's `openFile`: a read like any other (the same dispatchers,
 * time limit and one repeat), through undici's `request`.
 */
function printServerFileOpener(
  apiRoot: string,
  reads: Dispatcher,
  changes: Dispatcher,
  timeoutMs: number,
): PrintServerApi["openFile"] {
  return async (path, init) => {
    const url = new URL(`${apiRoot}${path}`);
    const answer = await sendRead(reads, changes, (dispatcher) =>
      withinTime(init.signal, timeoutMs, (signal) =>
        dispatcher.request({
          origin: url.origin,
          path: url.pathname + url.search,
          method: "GET",
          headers: init.headers,
          signal,
        }),
      ),
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const each of [value ?? []].flat()) headers.append(name, each);
    }
    return { status: answer.statusCode, headers, body: answer.body };
  };
}

/**
 * A typed client for one print server. Trust is added per server with an undici
 * Agent: NODE_EXTRA_CA_CERTS would be read only at process start, and
 * verification is never switched off.
 */
export function createPrintServerApi(options: ApiClientOptions): PrintServerApi {
  const reads = options.dispatcher ?? createAgent(options.caPem, options.timeoutMs);
  const changes = options.freshDispatcher ?? options.dispatcher ?? createFreshAgent(options.caPem, options.timeoutMs);
  const apiRoot = `${options.baseUrl.replace(/\/+$/, "")}/api`;
  return {
    ...createClient<paths>({ baseUrl: apiRoot, fetch: printServerFetch(reads, changes, options.timeoutMs) }),
    openFile: printServerFileOpener(apiRoot, reads, changes, options.timeoutMs),
  };
}

/**
 * Connections to the print server, trusting `caPem` in addition to the
 * system's CAs (a `ca` list replaces Node's default one, so the public roots
 * are listed too). The timeouts limit connecting, waiting for headers and
 * each pause in a body, not the whole transfer, so the same agent can stream
 * large downloads.
 */
export function createAgent(caPem: string | undefined, timeoutMs: number, options: Agent.Options = {}): Agent {
  return new Agent({
    connect: { ...(caPem ? { ca: [...rootCertificates, caPem] } : {}), timeout: timeoutMs },
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
 * sign-in or a release; at the morning rush the next change finds this one's
 * connection open. The race that a read is repeated for (the server closing
 * an idle connection as a request is written to it) needs a connection the
 * server has kept idle for its whole keep-alive time; these are closed by the
 * portal long before. A change is still never repeated (undici repeats
 * nothing by itself, and printServerFetch does not): a failure reads "try
 * again" (or, for a release, "look before trying again").
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

function configuredCaPem(): string | undefined {
  const file = getEnv().PRINT_SERVER_CA_FILE;
  if (!file) return undefined;
  try {
    return readFileSync(file, "utf8");
  } catch (cause) {
    throw new PortalError("internal", { reason: "PRINT_SERVER_CA_FILE cannot be read", cause });
  }
}

/** The configured print server's kept-alive connections, for reads. */
export function printServerAgent(): Agent {
  return processSingleton("print-server.agent", () => createAgent(configuredCaPem(), getEnv().PRINT_SERVER_TIMEOUT_MS));
}

/** The configured print server's briefly kept-alive connections, for changes (createFreshAgent). */
export function printServerFreshAgent(): Dispatcher {
  return processSingleton("print-server.fresh-agent", () =>
    createFreshAgent(configuredCaPem(), getEnv().PRINT_SERVER_TIMEOUT_MS),
  );
}

/** The configured print server's client, shared by every module of this process. */
export function printServerApi(): PrintServerApi {
  return processSingleton("print-server.api", () => {
    const env = getEnv();
    return createPrintServerApi({
      baseUrl: env.PRINT_SERVER_URL,
      timeoutMs: env.PRINT_SERVER_TIMEOUT_MS,
      dispatcher: printServerAgent(),
      freshDispatcher: printServerFreshAgent(),
    });
  });
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
  return processSingleton("print-server.refresh-api", () => {
    const env = getEnv();
    return createRefreshApi({
      baseUrl: env.PRINT_SERVER_URL,
      caPem: configuredCaPem(),
      callTimeoutMs: env.PRINT_SERVER_TIMEOUT_MS,
    });
  });
}
