import { NextResponse } from "next/server";
import { isPrintServerUp } from "@/lib/print-server/server-status";
import { healthResponse } from "./schema";

export const dynamic = "force-dynamic";

// For load balancers: 200 when the portal can serve, 503 when its print server
// is away (no sign-in or data would work).
export async function GET() {
  const up = await isPrintServerUp();
  const body = healthResponse.parse({ status: up ? "ok" : "degraded", printServer: up ? "reachable" : "unreachable" });
  return NextResponse.json(body, { status: up ? 200 : 503, headers: { "cache-control": "no-store" } });
}
