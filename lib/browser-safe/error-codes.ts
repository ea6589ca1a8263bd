// The portal's error codes, apart from lib/errors.ts so browser code can check
// an answer's code without bundling the server's sentences.

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
