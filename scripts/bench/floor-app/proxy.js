import { NextResponse } from "next/server";

// Passes every request on: the cost of running a proxy at all. The matcher is
// the portal's (proxy.ts), copied because Next.js reads it from the file itself.
export function proxy() {
  return NextResponse.next();
}

export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|api/health).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
