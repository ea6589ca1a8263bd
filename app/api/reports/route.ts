import { answerJson, userRoute } from "@/lib/http/route";
import { listReports } from "@/lib/print-server/reports";
import { reportListResponse } from "./schema";

export const dynamic = "force-dynamic";

/** The reports the signed-in person may run, with the formats the portal can offer. */
export const GET = userRoute({}, async ({ token }) => {
  const reports = await listReports(token);
  return answerJson(reportListResponse, { reports: reports ?? [], offered: reports !== null });
});
