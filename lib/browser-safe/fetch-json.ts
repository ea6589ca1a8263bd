import { isErrorCode, PortalError, type ErrorCode } from "./errors";

// The browser's one way to call the portal's own routes: the fetcher of every
// query and mutation in hooks/. A failure becomes the PortalError the route
// answered with, its code, wait and sentence (in the person's language)
// included; the query client's retry rule reads it (query-client.ts).
//
// A success is the route's own answer, built on the server from data that
// the route already checked with its zod schema (its schema.ts, whose type
// the caller names). The browser checks only that it is JSON of the right
// kind (an object or a list), not its every field: a schema library in every
// page's scripts would re-check what the same deployment's server just checked.

/** The code of an answer without a readable error body (a proxy's page, an HTML 401). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return "session_ended";
  if (status === 404) return "not_found";
  if (status === 502 || status === 503 || status === 504) return "unreachable";
  return "internal";
}

const optional = (value: unknown, type: "string" | "number") => value === undefined || typeof value === type;

/** A form's refused fields and their sentences, when `value` is such a map. */
function fieldSentences(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, sentence]) => typeof sentence === "string") ? Object.fromEntries(entries) : undefined;
}

/** The route's refusal ({ error, message?, retryAfterSeconds?, field?, fields? }), or undefined when the body is not one. */
function refusalOf(body: unknown): PortalError | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { error, message, retryAfterSeconds, field, fields } = body as Record<string, unknown>;
  if (!isErrorCode(error) || !optional(message, "string") || !optional(field, "string")) return undefined;
  if (!optional(retryAfterSeconds, "number")) return undefined;
  return new PortalError(error, {
    sentence: (message as string | undefined) || undefined,
    retryAfterSeconds: retryAfterSeconds as number | undefined,
    field: field as string | undefined,
    fields: fieldSentences(fields),
  });
}

/** The route's answer, never from the cache; `offline` when the portal cannot be reached. */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, cache: "no-store" });
  } catch (cause) {
    throw new PortalError("offline", { cause });
  }
}

/**
 * GET (or `init`) a portal route and read its JSON answer, of the type the
 * route's schema.ts names. Throws PortalError: `offline` when the portal
 * cannot be reached, the route's code when it refused, `upstream_malformed`
 * when a success is not a JSON object or list (a proxy's page, a cut answer).
 */
export async function fetchJson<T extends object>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await send(path, { ...init, headers: { accept: "application/json", ...init.headers } });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusalOf(body) ?? new PortalError(codeOfStatus(response.status));
  if (typeof body !== "object" || body === null)
    throw new PortalError("upstream_malformed", { reason: `${path} answer is not JSON of the route's shape` });
  return body as T;
}

/** POST `body` as JSON to a portal route and read its answer (as fetchJson). */
export function postJson<T extends object>(path: string, body: unknown): Promise<T> {
  return fetchJson<T>(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * GET a portal route that answers an image, as a data: URL an <img> shows
 * (it needs no revoking, unlike a blob: URL). A refusal throws as fetchJson's
 * does, so the person reads the route's sentence; an answer that is not an
 * image is `upstream_malformed`.
 */
export async function fetchImage(path: string): Promise<string> {
  const response = await send(path, {});
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw refusalOf(body) ?? new PortalError(codeOfStatus(response.status));
  }
  const image = await response.blob();
  if (!image.type.startsWith("image/"))
    throw new PortalError("upstream_malformed", { reason: `${path} answer is not an image` });
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new PortalError("internal", { cause: reader.error, reason: "image not read" }));
    reader.readAsDataURL(image);
  });
}
