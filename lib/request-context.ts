import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "./process-singletons";

/** What scripts/portal-server.mjs knows of the request being served, and may do for it. */
export interface RequestContext {
  requestId: string;
  /**
   * Sends the answer with this Content-Length. Next.js drops Content-Length
   * from a route's Response (it cannot tell whether the body was decoded on
   * the way) and sends the body chunked; a download with its length lets the
   * browser show the size and the time left, and tell a file cut short.
   */
  sendLength(bytes: number): void;
}

/** The store scripts/portal-server.mjs runs each request in (registered there under the same key before Next.js loads). */
function requestContexts(): AsyncLocalStorage<RequestContext> {
  return processSingleton("request-context", () => new AsyncLocalStorage<RequestContext>());
}

/** The request being served, when the portal's own server serves it (not in unit tests or another server). */
export function currentRequest(): RequestContext | undefined {
  return requestContexts().getStore();
}
