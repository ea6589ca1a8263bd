import { randomBytes } from "node:crypto";
import { portalCookieName } from "@/lib/auth/host-cookie";
import { cookiePolicy } from "@/lib/embedding/cookie-policy";
import { answerJson, checkedQuery, publicRoute } from "@/lib/http/route";
import { frameCookiesQuery, frameCookiesResponse } from "./schema";

export const dynamic = "force-dynamic";

// The sign-in page asks twice: the first answer sets a probe cookie with the
// session cookie's attributes, the second tells whether it came back. If not,
// the browser drops the portal's cookies (in an intranet frame, or Secure ones
// from an http:// page) and signing in would only loop, so the page says so.
// Each answer sets a new random value and the next ask names it: a probe
// cookie left by another portal on the same host (cookies ignore the port)
// cannot pass for this one.
export const GET = publicRoute({}, async ({ request }) => {
  const { probe: expected } = checkedQuery(frameCookiesQuery, request);
  // Path=/, as the `__Host-` prefix over HTTPS requires (lib/auth/host-cookie.ts).
  const probeCookie = portalCookieName("portal-cookie-probe");
  const probe = randomBytes(12).toString("base64url");
  const accepted = expected !== undefined && request.cookies.get(probeCookie)?.value === expected;
  const response = answerJson(frameCookiesResponse, { accepted, probe });
  response.cookies.set(probeCookie, probe, {
    path: "/",
    maxAge: 300,
    httpOnly: true,
    ...cookiePolicy(),
  });
  return response;
});
