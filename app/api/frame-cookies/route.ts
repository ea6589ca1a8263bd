import { portalCookieName } from "@/lib/auth/host-cookie";
import { cookiePolicy } from "@/lib/embedding/cookie-policy";
import { answerJson, publicRoute } from "@/lib/http/route";
import { frameCookiesResponse } from "./schema";

export const dynamic = "force-dynamic";

// The sign-in page asks twice: the first answer sets a probe cookie with the
// session cookie's attributes, the second tells whether it came back. If not,
// the browser drops the portal's cookies (in an intranet frame, or Secure ones
// from an http:// page) and signing in would only loop, so the page says so.
export const GET = publicRoute({}, async ({ request }) => {
  // Path=/, as the `__Host-` prefix over HTTPS requires (lib/auth/host-cookie.ts).
  const probeCookie = portalCookieName("portal-cookie-probe");
  const response = answerJson(frameCookiesResponse, { accepted: request.cookies.get(probeCookie)?.value === "1" });
  response.cookies.set(probeCookie, "1", {
    path: "/",
    maxAge: 300,
    httpOnly: true,
    ...cookiePolicy(),
  });
  return response;
});
