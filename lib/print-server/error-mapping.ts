import "server-only";
import { z } from "zod";
import { PortalError, type ErrorCode } from "@/lib/browser-safe/errors";
import { apiErrors, myqErrorFields, tokenErrors } from "@/lib/browser-safe/contract-assumptions";

// Upstream answers become the portal's typed errors here. The real server's
// error shape is not public, so bodies are read defensively and never passed on.

const errorBody = z.looseObject({ error: z.string().optional() });
// MyQ's own error body [MyQ]: `code` may differ from the HTTP status, so it is logged, never trusted.
const myqErrorBody = z.looseObject({ [myqErrorFields.code]: z.number().int(), [myqErrorFields.message]: z.string() });

function upstreamErrorName(body: unknown): string | undefined {
  const parsed = errorBody.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}

/** `myq code N` for a body in MyQ's shape, for the log; undefined otherwise. */
function myqReason(body: unknown): string | undefined {
  const parsed = myqErrorBody.safeParse(body);
  return parsed.success ? `myq code ${String(parsed.data[myqErrorFields.code])}` : undefined;
}

/** Retry-After is seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** 429 and 5xx, alike for every endpoint; `slowDown` is what a 429 means there. */
function common(
  status: number,
  headers: Headers,
  reason: string | undefined,
  slowDown: Extract<ErrorCode, "locked" | "busy">,
): PortalError | undefined {
  if (status === 429) {
    return new PortalError(slowDown, {
      upstreamStatus: status,
      retryAfterSeconds: parseRetryAfter(headers.get("retry-after")) ?? 60,
      reason,
    });
  }
  if (status >= 500) return new PortalError("unreachable", { upstreamStatus: status, reason });
  return undefined;
}

/** An error answer of `POST /api/auth/token` during sign-in or client grant. */
export function mapTokenError(status: number, body: unknown, headers: Headers): PortalError {
  const name = upstreamErrorName(body) ?? myqReason(body);
  // At the token endpoint a 429 limits sign-in attempts.
  const shared = common(status, headers, name, "locked");
  if (shared) return shared;
  if (status === 400 && name === tokenErrors.badCredentials)
    return new PortalError("invalid_credentials", { upstreamStatus: status, reason: name });
  if (status === 400 && name === tokenErrors.badScope)
    return new PortalError("forbidden_scope", { upstreamStatus: status, reason: name });
  // A wrong client id or secret is the operator's fault; the user cannot fix it.
  if (status === 401) return new PortalError("internal", { upstreamStatus: status, reason: name ?? "invalid_client" });
  if (status === 400) return new PortalError("bad_request", { upstreamStatus: status, reason: name });
  return new PortalError("upstream_malformed", { upstreamStatus: status, reason: name ?? "unexpected status" });
}

/**
 * An error answer of the login_info grant. A 400 in MyQ's own shape, with no
 * OAuth error name, refuses the person's sign-in data: the portal's own request
 * is well formed by construction (lib/browser-safe/contract-assumptions.ts).
 */
export function mapSignInError(status: number, body: unknown, headers: Headers): PortalError {
  const myq = upstreamErrorName(body) === undefined ? myqReason(body) : undefined;
  if (status === 400 && myq) return new PortalError("invalid_credentials", { upstreamStatus: status, reason: myq });
  return mapTokenError(status, body, headers);
}

/** An error answer of the refresh grant: any refusal ends the session. */
export function mapRefreshError(status: number, body: unknown, headers: Headers): PortalError {
  const mapped = mapTokenError(status, body, headers);
  if (mapped.code === "invalid_credentials" || mapped.code === "bad_request" || mapped.code === "forbidden_scope") {
    return new PortalError("session_ended", { upstreamStatus: status, reason: mapped.reason ?? "refresh refused" });
  }
  // Nobody is signing in here: a 429 only asks the portal to slow down.
  if (mapped.code === "locked") {
    return new PortalError("busy", {
      upstreamStatus: status,
      retryAfterSeconds: mapped.retryAfterSeconds,
      reason: mapped.reason,
    });
  }
  return mapped;
}

/** An error answer of any `/api/v3/...` endpoint called with a user token. */
export function mapApiError(status: number, body: unknown, headers: Headers): PortalError {
  const name = upstreamErrorName(body) ?? myqReason(body);
  const shared = common(status, headers, name, "busy");
  if (shared) return shared;
  if (status === 401)
    return new PortalError("session_ended", { upstreamStatus: status, reason: name ?? "invalid_token" });
  // MyQ says no more than its own body: a 403 there is a right the person's token lacks.
  if (status === 403 && (name === apiErrors.insufficientScope || name === myqReason(body)))
    return new PortalError("forbidden_scope", { upstreamStatus: status, reason: name });
  if (status === 403) return new PortalError("internal", { upstreamStatus: status, reason: name ?? "forbidden" });
  if (status === 404) return new PortalError("not_found", { upstreamStatus: status, reason: name });
  if (status === 400 || status === 413 || status === 422)
    return new PortalError("bad_request", { upstreamStatus: status, reason: name });
  return new PortalError("upstream_malformed", { upstreamStatus: status, reason: name ?? "unexpected status" });
}

/** A request that never got an answer: refused, reset, TLS failure, timeout. */
export function mapTransportError(cause: unknown): PortalError {
  const name = cause instanceof Error ? cause.name : "unknown";
  return new PortalError("unreachable", { reason: `transport ${name}`, cause });
}
