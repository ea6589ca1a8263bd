// Every assumption the portal makes about the print server that the seed and
// MyQ's public material do not confirm: marked [ours] in the contract
// (../shared/docs/print-server-api.md beside this repository; in code, the
// print server's print-server/openapi/openapi.yaml). To adapt the portal to a
// real MyQ X server, change these, not the code that reads them. Each entry
// says what is assumed and what the portal does when a server differs.
//
// Browser-safe: constants only. The browser needs the report retention to
// tell an expired file from a failed one.
//
// Assumed without a value to change here:
// - A quota account's balance `{amount}` is the pages left in the current
//   period (lib/print-server/accounts.ts); MyQ documents only `{amount}`.
// - A 429 carries Retry-After in seconds or as an HTTP date; without it the
//   portal waits 60 s (lib/print-server/error-mapping.ts).
// - Refresh uses the standard OAuth 2.0 form with the client credentials in
//   the body, and refresh tokens rotate: each use retires the old one and a
//   reused one revokes the chain [ours]. The portal refreshes once per session
//   under a lock (lib/auth/access-token.ts), which serves a server that does
//   not rotate just as well.

// --- Signing in and tokens ---------------------------------------------------

/** `login_info.type` numbers and their field names [seed + MyQ, field names ours]. */
export const loginInfo = {
  pin: (pin: string) => ({ type: 2 as const, pin }),
  password: (username: string, password: string) => ({ type: 3 as const, user: username, pwd: password }),
} as const;

/**
 * Token endpoint error codes (RFC 6749 section 5.2) [ours]. Any other 400 is
 * read as a bad request, a 401 as the portal's own registration being wrong.
 */
export const tokenErrors = {
  badCredentials: "invalid_grant",
  badScope: "invalid_scope",
} as const;

/**
 * A portal registered with "forwards user address" names the end user's address
 * in X-Forwarded-For, so the server limits failed sign-ins per person [ours].
 * A server that ignores it limits per portal; the portal's own limiter
 * (lib/auth/failed-sign-ins.ts) still works per address.
 */
export const forwardedForHeader = "x-forwarded-for";

/**
 * Claims of a user access token [ours]: MyQ does not publish its claims. Read
 * only by lib/print-server/token-claims.ts; a token without them cannot open
 * a session (the person reads "cannot be reached", the log says why).
 */
export const userClaims = {
  userId: "sub",
  username: "username",
  fullName: "name",
} as const;

// --- API errors ----------------------------------------------------------------

/**
 * Errors of API endpoints (RFC 6750 shapes) [ours]. A 403 with another or no
 * error name is logged as the portal's fault and shown as "something went wrong".
 */
export const apiErrors = {
  insufficientScope: "insufficient_scope",
} as const;

// --- Reports -------------------------------------------------------------------

/** `formats` is one string, comma-separated, case-insensitive [ours; the seed hides the separator]. */
export const formatSeparator = ",";

/**
 * A 410 from the download endpoint means "failed" or "kept no longer" and the
 * body carries no field that tells them apart (both `{"error":"gone"}`) [ours].
 * The portal decides from what it saw: a file once seen ready, or an execution
 * older than this, has expired; anything else has failed.
 */
export const assumedRetentionMs = 24 * 60 * 60 * 1000;

/** A 404 from the download endpoint means unknown or someone else's [ours]: the entry is dropped. */
export const unknownExecutionStatus = 404;

/**
 * Media types of the report formats [ours]. A file of another type is passed
 * on as application/octet-stream, under the server's file name.
 */
export const formatMediaTypes = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  xml: "application/xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
} as const;

/** Other media types a server may use for the same formats [ours]. */
export const formatMediaTypeAliases: Record<string, "csv" | "xml"> = {
  "application/csv": "csv",
  "text/comma-separated-values": "csv",
  "text/xml": "xml",
};

// --- Jobs and printers -----------------------------------------------------------

/**
 * Error names of job and release refusals [ours; MyQ's are not public]. The
 * portal decides by status first: any 402 is "not enough credit"; a 409 names
 * which conflict it is, and a 409 with another name reads as "already printed
 * or deleted elsewhere" (the list is refreshed), the safest thing to tell.
 */
export const jobErrors = {
  printerUnavailable: "printer_unavailable",
  jobNotReady: "job_not_ready",
} as const;

/**
 * The `state` filter of `GET /v3/jobs` for each of the page's lists [ours;
 * MyQ documents the parameter, not all its values]. A server that answers
 * an unknown value with an empty list shows an empty list, nothing broken.
 */
export const jobListStates = { waiting: "ready", printed: "printed", favorites: "favorite" } as const;

/**
 * A printer can print when its `state` is `active` and its `mode` (ours) is
 * `online` or absent: a real MyQ X that sends no `mode` has its active
 * printers offered, and the print server's own refusal (409) says when one
 * cannot print after all.
 */
export const printerCanPrint = { state: "active", mode: "online" } as const;

/** A release retried with the same key prints nothing again [ours; a server without it ignores the header]. */
export const idempotencyKeyHeader = "Idempotency-Key";
