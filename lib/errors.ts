// The portal's one error type. Its code decides what the user reads and which
// HTTP status a route handler answers; everything else (upstream status, body,
// cause) is detail for the logs only.

export const errorCodes = [
  "invalid_credentials",
  "locked",
  "unreachable",
  "session_ended",
  "unauthenticated",
  "forbidden_scope",
  "not_found",
  "bad_request",
  "upstream_malformed",
  "internal",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

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

function minutesText(seconds: number | undefined): string {
  const minutes = Math.max(1, Math.ceil((seconds ?? 60) / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The sentence a person reads: what happened and what to do next. */
export function userMessage(code: ErrorCode, retryAfterSeconds?: number): string {
  switch (code) {
    case "invalid_credentials":
      return "PIN or password not recognised. Check it and try again.";
    case "locked":
      return `Too many attempts. Try again in ${minutesText(retryAfterSeconds)}.`;
    case "unreachable":
    case "upstream_malformed":
      return "The print server cannot be reached right now. Please try again in a moment.";
    case "session_ended":
      return "Your session has ended. Please sign in again.";
    case "unauthenticated":
      return "Please sign in to continue.";
    case "forbidden_scope":
      return "Your organisation has not enabled this for the portal.";
    case "not_found":
      return "We could not find what you asked for.";
    case "bad_request":
      return "Something in the request was not right. Please check and try again.";
    case "internal":
      return "Something went wrong on our side. Please try again.";
  }
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
export function errorBody(error: PortalError): { error: ErrorCode; message: string; retryAfterSeconds?: number } {
  return {
    error: error.code,
    message: userMessage(error.code, error.retryAfterSeconds),
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  };
}
