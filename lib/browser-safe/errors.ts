import type { MessageKeys, NestedKeyOf } from "next-intl";
import type en from "@/messages/en.json";

// The portal's one error type, on both sides of the network. Its code decides
// the HTTP status a route answers with, the sentence a person reads and
// whether another try can help; upstream status, reason and cause are detail
// for the logs only. A route handler answers a PortalError as
// `{ error: code, message: sentence, retryAfterSeconds? }`
// (lib/http/error-response.ts); fetchJson (./fetch-json.ts) turns that answer
// back into a PortalError in the browser.

export const errorCodes = [
  // Signing in
  "invalid_credentials",
  /** Too many failed sign-ins from this address (the portal's or the print server's limit). */
  "locked",
  /** The attempt needs a solved proof-of-work challenge first (after repeated failures). */
  "challenge_required",
  /** The challenge's solution was wrong, expired or already used. */
  "challenge_failed",
  // The session
  "unauthenticated",
  "session_ended",
  // The request
  "bad_request",
  /** A body larger than the route accepts. */
  "too_large",
  /** A state-changing request sent by a page of another site. */
  "cross_site",
  "not_found",
  /** The person's token lacks the right (scope) the print server asks for. */
  "forbidden_scope",
  // What was asked for is not there (yet, or any more)
  /** The print server's settings do not let users make this change (or not here). */
  "not_allowed",
  /** The same change is already being made (a second submit while the first runs). */
  "in_progress",
  /** A file still being made. */
  "still_running",
  /** A file no longer kept. */
  "gone",
  /** The print server limits how many things one person has in the making. */
  "too_many_running",
  // Print jobs
  /** Not enough credit (or quota pages) for the whole release; nothing printed. */
  "insufficient_credit",
  /** The printer is offline, has a problem or is switched off; nothing printed. */
  "printer_unavailable",
  /** A job is no longer waiting (printed, printing or deleted elsewhere); nothing changed. */
  "job_not_ready",
  // The print server
  /** It asks the portal to slow down (429 on an API call). */
  "busy",
  "unreachable",
  /** Its answer does not match the contract; the person reads the same as "unreachable". */
  "upstream_malformed",
  // The portal
  /** The portal's shared state store (Redis) cannot be reached: it is restarting or down. */
  "unavailable",
  "internal",
  /** Browser only: the portal itself could not be reached. */
  "offline",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status a route handler answers each code with. */
export const httpStatusOf: Record<ErrorCode, number> = {
  invalid_credentials: 401,
  locked: 429,
  challenge_required: 403,
  challenge_failed: 403,
  unauthenticated: 401,
  session_ended: 401,
  bad_request: 400,
  too_large: 413,
  cross_site: 403,
  not_found: 404,
  forbidden_scope: 403,
  not_allowed: 403,
  in_progress: 409,
  still_running: 409,
  gone: 410,
  too_many_running: 429,
  insufficient_credit: 402,
  printer_unavailable: 409,
  job_not_ready: 409,
  busy: 429,
  unreachable: 503,
  upstream_malformed: 503,
  unavailable: 503,
  internal: 500,
  offline: 503,
};

/** A key of the message catalogues, e.g. "reports.answers.fileGone". */
export type SentenceKey = MessageKeys<typeof en, NestedKeyOf<typeof en>>;

export interface PortalErrorDetail {
  /** Seconds until the caller may try again (from Retry-After). */
  retryAfterSeconds?: number;
  /**
   * Server: the sentence to say instead of the code's own (`errors.<code>`),
   * for a refusal that can say more, e.g. "reports.answers.fileGone".
   */
  sentenceKey?: SentenceKey;
  /** Browser: the sentence the route answered with, in the person's language. */
  sentence?: string;
  /**
   * The request field that was refused (a form shows the sentence beside it),
   * e.g. "email"; travels to the browser with the answer.
   */
  field?: string;
  /** Browser: the sentence beside each refused field of a form (the sign-in form's), as the route answered. */
  fields?: Record<string, string>;
  /** Upstream HTTP status, for the logs. */
  upstreamStatus?: number;
  /** Short machine-readable reason, for the logs (never an upstream body). */
  reason?: string;
  cause?: unknown;
}

// Next.js bundles proxy.ts, the pages and the routes separately, each with a
// copy of this module; what they share on globalThis (the state store, the
// refreshes under way) throws the copy of the bundle that created it. So
// `instanceof PortalError` looks for a mark every copy sets, not for the class.
const portalErrorMark = Symbol.for("print-portal.PortalError");

export class PortalError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && portalErrorMark in value;
  }

  readonly code: ErrorCode;
  readonly retryAfterSeconds?: number;
  readonly sentenceKey?: SentenceKey;
  readonly sentence?: string;
  readonly field?: string;
  readonly fields?: Record<string, string>;
  readonly upstreamStatus?: number;
  readonly reason?: string;

  constructor(code: ErrorCode, detail: PortalErrorDetail = {}) {
    super(detail.reason ? `${code}: ${detail.reason}` : code, { cause: detail.cause });
    this.name = "PortalError";
    Object.defineProperty(this, portalErrorMark, { value: true });
    this.code = code;
    this.retryAfterSeconds = detail.retryAfterSeconds;
    this.sentenceKey = detail.sentenceKey;
    this.sentence = detail.sentence;
    this.field = detail.field;
    this.fields = detail.fields;
    this.upstreamStatus = detail.upstreamStatus;
    this.reason = detail.reason;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}

/** Anything thrown becomes a PortalError; unknown failures are `internal`. */
export function toPortalError(error: unknown): PortalError {
  if (error instanceof PortalError) return error;
  return new PortalError("internal", { cause: error, reason: error instanceof Error ? error.name : typeof error });
}

/** The values a sentence takes: the whole minutes to wait (at least one). */
export function sentenceValues(retryAfterSeconds: number | undefined): { minutes: number } {
  return { minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)) };
}

/** The catalogue key of the sentence for an error, and the values it takes. */
export function sentenceOf(error: PortalError): { key: SentenceKey; values: { minutes: number } } {
  // A garbled answer and no answer mean the same to the person.
  const code = error.code === "upstream_malformed" ? "unreachable" : error.code;
  return { key: error.sentenceKey ?? `errors.${code}`, values: sentenceValues(error.retryAfterSeconds) };
}

/** Failures that another try cannot fix. */
export function isFinal(code: ErrorCode): boolean {
  return [
    "not_allowed",
    "forbidden_scope",
    "session_ended",
    "unauthenticated",
    "not_found",
    "bad_request",
    "too_large",
    "insufficient_credit",
    "printer_unavailable",
    "job_not_ready",
  ].includes(code);
}

/** True when the person must sign in (again) before anything else can work. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof PortalError && (error.code === "session_ended" || error.code === "unauthenticated");
}
