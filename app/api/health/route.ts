import { answerJson, publicRoute } from "@/lib/http/route";
import { isPrintServerUp } from "@/lib/print-server/server-status";
import { healthResponse } from "./schema";

export const dynamic = "force-dynamic";

// For load balancers: 200 when the portal can serve, 503 when its print server
// is away (no sign-in or data would work).
export const GET = publicRoute({}, async () => {
  const up = await isPrintServerUp();
  return answerJson(
    healthResponse,
    { status: up ? "ok" : "degraded", printServer: up ? "reachable" : "unreachable" },
    up ? 200 : 503,
  );
});
