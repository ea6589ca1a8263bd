import { z } from "zod/mini";
import { errorCodes, isFinal, PortalError, type ErrorCode } from "./errors";

// The browser's one way to call the portal's own routes. A success is checked
// with the route's schema (its schema.ts); a failure becomes the PortalError
// the route answered with, its code, wait and sentence (in the person's
// language) included. Client hooks (hooks/) call this, never fetch itself.

const errorAnswer = z.object({
  error: z.enum(errorCodes),
  message: z.optional(z.string()),
  retryAfterSeconds: z.optional(z.number()),
  field: z.optional(z.string()),
});

/** The code of an answer without a readable error body (a proxy's page, an HTML 401). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return "session_ended";
  if (status === 404) return "not_found";
  if (status === 502 || status === 503 || status === 504) return "unreachable";
  return "internal";
}

/**
 * GET (or `init`) a portal route and parse its JSON answer with `schema`.
 * Throws PortalError: `offline` when the portal cannot be reached, the route's
 * code when it refused, `upstream_malformed` when the answer is not the shape
 * the route promises.
 */
export async function fetchJson<T>(path: string, schema: z.ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      cache: "no-store",
      headers: { accept: "application/json", ...init.headers },
    });
  } catch (cause) {
    throw new PortalError("offline", { cause });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const refusal = errorAnswer.safeParse(body);
    if (!refusal.success) throw new PortalError(codeOfStatus(response.status));
    const { error, message, retryAfterSeconds, field } = refusal.data;
    throw new PortalError(error, { sentence: message || undefined, retryAfterSeconds, field });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PortalError("upstream_malformed", { reason: `${path} answer has another shape` });
  return parsed.data;
}

/** POST `body` as JSON to a portal route and parse its answer with `schema`. */
export function postJson<T>(path: string, body: unknown, schema: z.ZodMiniType<T>): Promise<T> {
  return fetchJson(path, schema, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** TanStack Query's retry rule for the portal's data: one more try, unless it cannot help. */
export function retryOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !(error instanceof PortalError && isFinal(error.code));
}
