import { NextResponse } from "next/server";

// Passes every page and /api/me request on: the cost of running a proxy at
// all, which the portal's pages pay too. The download route does not pass it,
// as the portal's API routes do not. Next.js reads the matcher from this file.
export function proxy() {
  return NextResponse.next();
}

export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|api/download).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
