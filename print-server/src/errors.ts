/**
 * The print server's one error module. An ApiError becomes the contract's
 * JSON error body; anything else becomes a bare 500 whose detail stays in the
 * log (message only, never a stack).
 */
export type ApiErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "invalid_scope"
  | "unsupported_grant_type"
  | "unauthorized"
  | "invalid_token"
  | "insufficient_scope"
  | "invalid_token_type"
  | "not_found"
  | "gone"
  | "payload_too_large"
  | "too_many_requests"
  | "not_allowed"
  | "managed_externally"
  | "insufficient_credit"
  | "job_not_ready"
  | "printer_unavailable"
  | "server_error"
  | "invalid_voucher"
  | "voucher_used"
  | "voucher_expired"
  | "payment_closed";

/** Fields some errors add to the body: the scope that was needed, the field refused, the password rule broken. */
export interface ApiErrorDetails {
  scope?: string;
  field?: string;
  rule?: PasswordRule;
}

/** The rules a new password is checked against (openapi.yaml's Error.rule). */
export type PasswordRule = "minLength" | "maxLength" | "requireLetter" | "requireDigit" | "notCurrent" | "notUsername";

export interface ApiErrorBody extends ApiErrorDetails {
  error: ApiErrorCode;
  error_description: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
    readonly details: ApiErrorDetails = {},
  ) {
    super(`${code}: ${description}`);
    this.name = "ApiError";
  }

  body(): ApiErrorBody {
    return { error: this.code, error_description: this.description, ...this.details };
  }
}

const VOUCHER_REFUSALS = {
  invalid_voucher: "No voucher has this code. Check the code and try again.",
  voucher_used: "This voucher has already been used.",
  voucher_expired: "This voucher has expired.",
} as const;

export const apiErrors = {
  invalidRequest: (description: string) => new ApiError(400, "invalid_request", description),
  invalidClient: () =>
    new ApiError(401, "invalid_client", "Client authentication failed.", {
      "WWW-Authenticate": 'Basic realm="print-server"',
    }),
  invalidGrant: (description = "The sign-in data or grant is not valid.") =>
    new ApiError(400, "invalid_grant", description),
  invalidScope: (description = "The client is not registered for the requested scopes.") =>
    new ApiError(400, "invalid_scope", description),
  unsupportedGrantType: () =>
    new ApiError(
      400,
      "unsupported_grant_type",
      "grant_type must be client_credentials, login_info, refresh_token or authorization_code.",
    ),
  missingToken: () =>
    new ApiError(401, "unauthorized", "An access token is required.", {
      "WWW-Authenticate": 'Bearer realm="print-server"',
    }),
  invalidToken: () =>
    new ApiError(401, "invalid_token", "The access token is malformed, unknown or expired.", {
      "WWW-Authenticate": 'Bearer realm="print-server", error="invalid_token"',
    }),
  // RFC 6750 section 3: the challenge names the error and the scope, so OAuth libraries can read it.
  insufficientScope: (scope: string) =>
    new ApiError(
      403,
      "insufficient_scope",
      `This request needs the scope "${scope}".`,
      { "WWW-Authenticate": `Bearer realm="print-server", error="insufficient_scope", scope="${scope}"` },
      { scope },
    ),
  invalidTokenType: (needed: string) =>
    new ApiError(403, "invalid_token_type", `This request needs a ${needed} token.`),
  notFound: (what = "The resource") => new ApiError(404, "not_found", `${what} was not found.`),
  gone: (description: string) => new ApiError(410, "gone", description),
  insufficientCredit: (description: string) => new ApiError(402, "insufficient_credit", description),
  jobNotReady: (description: string) => new ApiError(409, "job_not_ready", description),
  printerUnavailable: (description: string) => new ApiError(409, "printer_unavailable", description),
  payloadTooLarge: () => new ApiError(413, "payload_too_large", "The request body is too large."),
  tooManyRequests: (retryAfter: number, description = "Too many failed sign-ins. Try again later.") =>
    new ApiError(429, "too_many_requests", description, {
      "Retry-After": String(retryAfter),
    }),
  /** The server's settings do not let users make this change (`field`: the one refused). */
  notAllowed: (description: string, field?: string) =>
    new ApiError(403, "not_allowed", description, {}, field === undefined ? {} : { field }),
  managedExternally: () =>
    new ApiError(
      409,
      "managed_externally",
      "This account's password comes from the organisation's directory; change it there.",
    ),
  passwordRule: (rule: PasswordRule, description: string) =>
    new ApiError(400, "invalid_request", description, {}, { field: "newPassword", rule }),
  voucherRefused: (code: "invalid_voucher" | "voucher_used" | "voucher_expired") =>
    new ApiError(400, code, VOUCHER_REFUSALS[code]),
  paymentClosed: (state: string) =>
    new ApiError(
      409,
      "payment_closed",
      `The payment is ${state === "rolledback" ? "rolled back" : state}; it cannot change.`,
    ),
  serverError: () => new ApiError(500, "server_error", "Something went wrong on the print server."),
};

/** A mistake on the command line: printed to stderr, exit code 1, no stack. */
export class CliError extends Error {
  override name = "CliError";
}
