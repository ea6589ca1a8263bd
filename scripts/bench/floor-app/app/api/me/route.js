import { readFileSync } from "node:fs";
import { NextResponse } from "next/server";

export const dynamic = "force-dynamic";

let body;

/** The JSON the portal's /api/me gave the bench's user (the bench writes it to FLOOR_ME_JSON), read once. */
function me() {
  // A path known only at run time: Turbopack is told not to trace it into the build.
  body ??= JSON.parse(readFileSync(/* turbopackIgnore: true */ process.env.FLOOR_ME_JSON ?? "", "utf8"));
  return body;
}

export function GET() {
  return NextResponse.json(me(), { headers: { "cache-control": "no-store" } });
}
