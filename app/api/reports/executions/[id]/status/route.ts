import { PortalError } from "@/lib/browser-safe/errors";
import { answerJson, userRoute } from "@/lib/http/route";
import { probeExecution } from "@/lib/print-server/reports";
import { executionParams, statusResponse } from "../schema";

export const dynamic = "force-dynamic";

/** Running, ready or gone, read from the print server without pulling the file. */
export const GET = userRoute({ params: executionParams }, async ({ params, token }) => {
  const status = await probeExecution(token, params.id);
  // Unknown and someone else's look the same, as the print server intends.
  if (status === "unknown") throw new PortalError("not_found", { sentenceKey: "reports.answers.reportNotFound" });
  return answerJson(statusResponse, { status });
});
