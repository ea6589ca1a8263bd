import { NextResponse } from "next/server";

// Passes every request on: the cost of running a proxy at all, which the
// floor's /api/me pays as the floor is defined. The floor's sign-in
// and download routes do not pass it, as the portal's do not (its proxy.ts
// leaves out every API route): Next.js copies a post's body for a proxy.
// The matcher is written here because Next.js reads it from the file itself.
export function proxy() {
  return NextResponse.next();
}

export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|api/health|api/sign-in|api/download).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
