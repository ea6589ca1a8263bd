import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { NextResponse } from "next/server";
import { callPrintServer, floorClient } from "../../../lib/print-server";

export const dynamic = "force-dynamic";

// The least a Next.js route can do for a sign-in by PIN, to measure the
// portal's sign-in against (scripts/bench/measure-portal-api.mjs): read the
// posted form, make the same login_info token call, and answer the form's
// 303 with a session cookie. No limits, no session, no checks: what is left
// between this and the portal is the portal's own work.

export async function POST(request) {
  const form = new URLSearchParams(await request.text());
  const { clientId, clientSecret, scope } = floorClient();
  const answer = await callPrintServer("/api/auth/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "login_info",
      login_info: { type: 2, pin: form.get("pin") ?? "" },
      scope,
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  // Read to the end, so that the connection is free for the next call.
  answer.resume();
  await once(answer, "end");
  if (answer.statusCode !== 200) return NextResponse.json({ error: "refused" }, { status: 401 });
  const signedIn = NextResponse.redirect(new URL("/", request.url), 303);
  signedIn.cookies.set("session-token", randomBytes(32).toString("base64url"), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
  });
  return signedIn;
}
