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
//   period (lib/print-server/accounts.ts); MyQ's balance page is not public.
//   A server that answers the balance call otherwise (404, another shape) has
//   its quota shown without "pages left": the limit only, nothing broken.
// - `GET /v3/server/config`'s body is ours (the seed names only its topics).
//   A server whose answer lacks `currency` or `language` leaves them unknown:
//   money is shown in `fallbackCurrency`, the language comes from the person's
//   profile and browser, and credit and quota follow the accounts answer's own
//   `credit.enabled` / `quota.enabled` [MyQ] (lib/print-server/server-config.ts).
// - Claims inside a user token are ours (see `userClaims`); MyQ's test double
//   (e2e/support/myq-double.ts) issues tokens with these claims for want of
//   public ones. A real server with other claim names needs `userClaims` changed.
// - A job's `state` and `expiresAt` are ours; a real MyQ X shows neither
//   (lib/print-server/jobs.ts reads them as null), so a page shows a job's state
//   or deletion time only when the server gives them: without states a release
//   reads "released" (no progress is asked for), and the printed list is not
//   offered (`jobsOfList`, which also keeps only jobs marked `favorite` in the
//   favourites, for a server that ignores the `state` filter).
// - The credit statement (`/v3/users/{id}/activity`) and the profile and
//   password changes are ours: a 404 there means the server does not offer
//   them (`absentEndpointStatus`), and the page says so.
// - A payment commit's `balance` is ours; MyQ answers `{amount}` only
//   (lib/print-server/payments.ts reads null), and the portal then reads the
//   new balance from the accounts answer. Payment ids are strings [MyQ, real
//   client]; a number is read as its text.
// - A 429 carries Retry-After in seconds or as an HTTP date; without it the
//   portal waits 60 s (lib/print-server/error-mapping.ts).
// - Refresh uses the standard OAuth 2.0 form with the client credentials in
//   the body, and refresh tokens rotate: each use retires the old one and a
//   reused one revokes the chain [ours]. The portal refreshes once per session
//   under a lock (lib/auth/access-token.ts), which serves a server that does
//   not rotate just as well.
// - A new PIN or password revokes every refresh token of that person at the
//   server [ours]. The portal does not rely on it: it deletes the person's
//   other sessions from its state store itself (lib/self-service/).

// --- Signing in and tokens ---------------------------------------------------

/** `login_info.type` numbers and their field names [seed + MyQ, field names ours]. */
export const loginInfo = {
  pin: (pin: string) => ({ type: 2 as const, pin }),
  password: (username: string, password: string) => ({ type: 3 as const, user: username, pwd: password }),
} as const;

/**
 * Token revocation (RFC 7009) at `POST /api/auth/revoke` [ours]: our print
 * server offers it, MyQ X publishes no revocation endpoint. Signing out asks
 * it to end the session's refresh chain; a server without it answers 404
 * (`absentEndpointStatus`), and the portal then only drops the tokens from
 * its own state store: nobody holds them any more, and the refresh token
 * runs out at its own lifetime.
 */
export const tokenRevocation = { tokenTypeHint: "refresh_token" } as const;

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
 * Errors of API endpoints (RFC 6750 shapes) [ours]. A 403 with another
 * OAuth error name is logged as the portal's fault and shown as "something went
 * wrong"; a 403 in MyQ's own shape (below) as a missing right.
 */
export const apiErrors = {
  insufficientScope: "insufficient_scope",
} as const;

/**
 * MyQ documents its error body as `{code, message, data}` [MyQ], where `code`
 * may differ from the HTTP status: the portal decides by the status and keeps
 * `code` for the log only. A login_info refusal in this shape (no OAuth
 * `error` name) is read as "PIN or password not recognised", because the
 * portal's own request is well formed by construction.
 */
export const myqErrorFields = { code: "code", message: "message" } as const;

/**
 * A list endpoint that answers 404 is not there on this server (an older
 * release, or a feature MyQ does not expose over REST) [ours]: the page that
 * needs it says plainly that the server does not offer it, instead of an error.
 */
export const absentEndpointStatus = 404;

// --- Accounts ------------------------------------------------------------------

/**
 * A user's own credit lives in the account with this reference, its balance in
 * `limits.price` (currency units) [MyQ, real client].
 */
export const creditAccountReference = "internalaccount";

/**
 * What an account is, from its `type` [ours: "credit" | "quota"; MyQ's values
 * are not public]. An unknown `type` is read, never refused:
 * `internalaccount` is credit whatever its type; another account with a page
 * limit (`limits.total`, `color` or `mono`) is a quota; anything else is kept
 * out of the money panel ("other"), since adding an unknown purse to "available
 * to print" could promise money that cannot be spent.
 */
export function accountKind(account: {
  reference: string;
  type: string;
  limits: { total?: number | null; color?: number | null; mono?: number | null };
}): "credit" | "quota" | "other" {
  if (account.type === "credit" || account.reference === creditAccountReference) return "credit";
  if (account.type === "quota") return "quota";
  const { total, color, mono } = account.limits;
  return [total, color, mono].some((limit) => typeof limit === "number") ? "quota" : "other";
}

/**
 * The currency shown when the server's configuration names none [ours]: a
 * real MyQ X's `/v3/server/config` body is not public.
 */
export const fallbackCurrency = "EUR";

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

// --- Self-service ----------------------------------------------------------------

/**
 * What users may change themselves, when `GET /v3/server/config` carries no
 * `selfService` [ours; MyQ keeps these as server settings without a REST
 * answer]. The portal then offers a new PIN (MyQ's default of 6 digits; a
 * server that forbids it answers 403 `not_allowed`, which the page says),
 * only the language of the profile, and no password rules before typing
 * (the server's refusal names the rule broken).
 */
export const selfServiceFallback = {
  pinChange: { allowed: true, length: 6 },
  profileEditing: false,
  passwordRules: null,
};

/**
 * Error names of the self-service endpoints [ours]: `not_allowed` (403, the
 * settings forbid the change, with `field`), `managed_externally` (409, the
 * password lives in a directory), `invalid_request` with `field` and `rule`
 * (a field the server refused), `invalid_grant` (a wrong current password).
 */
export const selfServiceErrors = {
  notAllowed: "not_allowed",
  managedExternally: "managed_externally",
  invalidRequest: "invalid_request",
  wrongCurrentPassword: "invalid_grant",
} as const;

/**
 * A user record's `syncSource` is empty for a local account and names the
 * directory otherwise [MyQ field, meaning ours]: a non-empty one hides the
 * password form and says where the password is changed.
 */
export const localSyncSource = "";

/**
 * Whether a person has a password: our print server's user record says so in
 * `hasPassword` [ours]. MyQ's record does not [assumed]: an account from a
 * directory (`syncSource` set) signs in with the directory's password, and a
 * local one is taken to have a password too, so "Get a new PIN" asks for it
 * (the stricter proof; a PIN-only person there gets a new PIN from the help desk).
 */
export const localAccountHasPassword = true;

// --- Credit by voucher -------------------------------------------------------------

/** The recharge provider of vouchers [ours; MyQ's providers are configured per server]. */
export const voucherProvider = "voucher";

/**
 * Why a voucher payment was refused (400) [ours]. Another 400 reads as a bad
 * request; a 429 is the server's limit of wrong codes per user.
 */
export const voucherErrors = {
  unknown: "invalid_voucher",
  used: "voucher_used",
  expired: "voucher_expired",
} as const;
