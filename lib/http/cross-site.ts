import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { PortalError } from "@/lib/browser-safe/errors";
import { proxyRefusal } from "./proxy-refusal";

// A state-changing request must come from the portal's own pages, framed in
// an intranet page or not (inside a frame the portal's own requests are still
// same-origin). Browsers send Sec-Fetch-Site (and Origin on POST), so a page
// on another site cannot make a signed-in person sign out, switch language or
// start reports. Non-browser callers send neither and still need the session
// cookie. Checked by proxy.ts for every page request (server actions and
// form posts included) and by the route wrapper (lib/http/route.ts) for
// every API request, which does not pass proxy.ts.

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin";
  const origin = headers.get("origin");
  if (origin === null) return false;
  return !allowedOrigins.includes(origin);
}

/** True for a state-changing request that another site's page sent. */
export function isCrossSiteChange(request: NextRequest, portalUrl: string): boolean {
  if (safeMethods.has(request.method)) return false;
  return isCrossSiteRequest(request.headers, [new URL(portalUrl).origin, request.nextUrl.origin]);
}

/** A 403 for a state-changing request from another site; undefined when it may go on. */
export function refuseCrossSite(request: NextRequest, portalUrl: string): NextResponse | undefined {
  if (!isCrossSiteChange(request, portalUrl)) return undefined;
  return proxyRefusal(request, new PortalError("cross_site"));
}
