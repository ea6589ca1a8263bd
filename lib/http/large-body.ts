import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { PortalError } from "@/lib/browser-safe/errors";
import { proxyRefusal } from "./proxy-refusal";

/**
 * The largest request body the portal takes, in bytes: its largest JSON body
 * (lib/http/route.ts caps each route lower) and its forms (sign-in, language,
 * theme) are a few kB. next.config.ts caps what Next.js itself buffers of an
 * undeclared (chunked) body to the same figure.
 */
export const maxRequestBodyBytes = 64 * 1024;

/** Whether a request declares a larger body than the portal takes (or a route that streams its body, `limit`). */
export function declaresLargeBody(request: NextRequest, limit = maxRequestBodyBytes): boolean {
  return Number(request.headers.get("content-length") ?? 0) > Math.max(limit, maxRequestBodyBytes);
}

/** A 413 for a request that declares a larger body, before anything reads it; undefined when it may go on. */
export function refuseLargeBody(request: NextRequest): NextResponse | undefined {
  if (!declaresLargeBody(request)) return undefined;
  return proxyRefusal(request, new PortalError("too_large", { reason: "declared body too large" }));
}
