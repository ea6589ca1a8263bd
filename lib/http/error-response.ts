import "server-only";
import { NextResponse } from "next/server";
import { httpStatusOf, toPortalError, type PortalError } from "@/lib/browser-safe/errors";
import type { Locale } from "@/lib/browser-safe/locales";
import { errorSentence } from "@/lib/i18n/error-sentence";
import { requestLocale } from "@/lib/i18n/request-locale";
import { errorFields, log } from "@/lib/log";

// How a route handler answers anything that went wrong: the code's status and
// `{ error: code, message, retryAfterSeconds? }` with the sentence in the
// person's language. Never a stack trace, an upstream body or a token; the
// detail goes to the log when it is the portal's or the print server's fault.

export interface ErrorBody {
  error: string;
  message: string;
  retryAfterSeconds?: number;
  /** The refused request field, when one was. */
  field?: string;
  /** A form's refused fields, each with the sentence to show beside it (the sign-in form's). */
  fields?: Record<string, string>;
}

/** The answer to `error`, worded in `locale`. */
export function errorAnswer(error: unknown, locale: Locale): NextResponse<ErrorBody> {
  const portalError = toPortalError(error);
  logIfOurFault(portalError);
  const headers: Record<string, string> = { "cache-control": "no-store" };
  const wait = portalError.retryAfterSeconds;
  if (wait !== undefined) headers["retry-after"] = String(wait);
  const body: ErrorBody = { error: portalError.code, message: errorSentence(portalError, locale) };
  if (wait !== undefined) body.retryAfterSeconds = wait;
  if (portalError.field) body.field = portalError.field;
  return NextResponse.json(body, { status: httpStatusOf[portalError.code], headers });
}

/** Logs an error that is the portal's or the print server's fault (the others are the request's). */
export function logIfOurFault(portalError: PortalError): void {
  if (portalError.code === "internal" || portalError.code === "upstream_malformed") {
    log.error("request failed", errorFields(portalError));
  }
}

/** The answer to `error`, worded in the language of the request being served. */
export async function errorResponse(error: unknown): Promise<NextResponse<ErrorBody>> {
  return errorAnswer(error, await requestLocale());
}
