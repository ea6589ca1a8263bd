import { PortalError } from "@/lib/browser-safe/errors";
import { publicRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// Any /api/ path no route serves: the API's own JSON error, never the HTML
// 404 page, so a client (or the portal's own fetch helper) reads it like any
// other error. The routes of the API take precedence over this catch-all.
const notFound = publicRoute({}, async () => {
  throw new PortalError("not_found", { reason: "no such API route" });
});

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };
