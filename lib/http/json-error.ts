import "server-only";
import { NextResponse } from "next/server";
import { errorBody, httpStatus, toPortalError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";

/** The one way a route handler answers with an error: code and sentence only. */
export function jsonError(error: unknown): NextResponse {
  const portalError = toPortalError(error);
  if (portalError.code === "internal" || portalError.code === "upstream_malformed") {
    log.error("request failed", errorFields(portalError));
  }
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (portalError.retryAfterSeconds !== undefined) headers["retry-after"] = String(portalError.retryAfterSeconds);
  return NextResponse.json(errorBody(portalError), { status: httpStatus(portalError.code), headers });
}
