import { NextResponse } from "next/server";
import { sessionForRoute } from "@/lib/auth/route-session";
import { withUserToken } from "@/lib/auth/current-session";
import { errorResponse } from "@/lib/http/error-response";
import { getOwnProfile } from "@/lib/print-server/users";
import { meResponse } from "./schema";

export const dynamic = "force-dynamic";

/** The signed-in person's profile, read from the print server with their token. */
export async function GET() {
  try {
    const { sessionId, session } = await sessionForRoute();
    const profile = await withUserToken(sessionId, (token) => getOwnProfile(token, session.userId));
    return NextResponse.json(meResponse.parse(profile), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
