// Every assumption about the print server that MyQ's public documentation does
// not confirm lives here (marked [ours] in docs/print-server-api.md), so the
// portal can be adapted to a real MyQ X server in one place.

/** `login_info.type` numbers and their field names [seed + MyQ, field names ours]. */
export const loginInfo = {
  pin: (pin: string) => ({ type: 2 as const, pin }),
  password: (username: string, password: string) => ({ type: 3 as const, user: username, pwd: password }),
} as const;

/**
 * Refresh uses the standard OAuth 2.0 form (RFC 6749 section 6) with the client
 * credentials in the body [ours]. Refresh tokens rotate: each use returns a new
 * one and retires the old [ours].
 */
export const refreshRotates = true;

/** Token endpoint error codes (RFC 6749 section 5.2) [ours]. */
export const tokenErrors = {
  badCredentials: "invalid_grant",
  badClient: "invalid_client",
  badScope: "invalid_scope",
} as const;

/**
 * A portal registered with "forwards user address" names the end user's address
 * in X-Forwarded-For, so the server limits failed sign-ins per person [ours].
 */
export const forwardedForHeader = "x-forwarded-for";

/**
 * Claims of a user access token [ours]: MyQ does not publish its claims. Read
 * only by token-claims.ts.
 */
export const userClaims = {
  userId: "sub",
  username: "username",
  fullName: "name",
  scope: "scope",
} as const;

/** Errors of API endpoints (RFC 6750 shapes) [ours]. */
export const apiErrors = {
  insufficientScope: "insufficient_scope",
  invalidTokenType: "invalid_token_type",
} as const;

/** `GET /api/server/status` answers `1` when up [MyQ]. */
export const statusUpBody = "1";
