import "server-only";

// The portal's one error type. Its code decides what the user reads and which
// HTTP status a route handler answers; everything else (upstream status, body,
// cause) is detail for the logs only.

import { createTranslator } from "next-intl";
import { catalogues } from "@/lib/i18n/messages";
import { defaultLocale, type Locale } from "@/lib/browser-safe/locales";
import type { ErrorCode } from "@/lib/browser-safe/error-codes";

export { errorCodes, type ErrorCode } from "@/lib/browser-safe/error-codes";

export interface ErrorDetail {
  /** Seconds until the caller may try again (from Retry-After). */
  retryAfterSeconds?: number;
  /** Upstream HTTP status, for the logs. */
  upstreamStatus?: number;
  /** Short machine-readable reason, for the logs (never an upstream body). */
  reason?: string;
  cause?: unknown;
}

export class PortalError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterSeconds?: number;
  readonly upstreamStatus?: number;
  readonly reason?: string;

  constructor(code: ErrorCode, detail: ErrorDetail = {}) {
    super(detail.reason ? `${code}: ${detail.reason}` : code, { cause: detail.cause });
    this.name = "PortalError";
    this.code = code;
    this.retryAfterSeconds = detail.retryAfterSeconds;
    this.upstreamStatus = detail.upstreamStatus;
    this.reason = detail.reason;
  }
}

export function isPortalError(error: unknown): error is PortalError {
  return error instanceof PortalError;
}

/** Anything thrown becomes a PortalError; unknown failures are `internal`. */
export function toPortalError(error: unknown): PortalError {
  if (isPortalError(error)) return error;
  return new PortalError("internal", { cause: error, reason: error instanceof Error ? error.name : typeof error });
}

/**
 * The sentence a person reads, in their language: what happened and what to
 * do next. The sentences are the catalogues' "errors" namespace.
 */
export function userMessage(code: ErrorCode, retryAfterSeconds?: number, locale: Locale = defaultLocale): string {
  const t = createTranslator({ locale, messages: catalogues[locale], namespace: "errors" });
  // A garbled answer and no answer mean the same to the person.
  const key = code === "upstream_malformed" ? "unreachable" : code;
  return t(key, { minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)) });
}

/** The status a route handler answers with for this error. */
export function httpStatus(code: ErrorCode): number {
  switch (code) {
    case "invalid_credentials":
    case "session_ended":
    case "unauthenticated":
      return 401;
    case "locked":
      return 429;
    case "forbidden_scope":
      return 403;
    case "not_found":
      return 404;
    case "bad_request":
      return 400;
    case "unreachable":
    case "upstream_malformed":
      return 503;
    case "internal":
      return 500;
  }
}

/** The JSON body a route handler sends to the browser: code and sentence only. */
export function errorBody(
  error: PortalError,
  locale: Locale = defaultLocale,
): { error: ErrorCode; message: string; retryAfterSeconds?: number } {
  return {
    error: error.code,
    message: userMessage(error.code, error.retryAfterSeconds, locale),
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  };
}
