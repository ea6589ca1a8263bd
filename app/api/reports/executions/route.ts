import { PortalError } from "@/lib/browser-safe/errors";
import { answerJson, userRoute } from "@/lib/http/route";
import { listReports, startExecution } from "@/lib/print-server/reports";
import { startedResponse, startRequest } from "./schema";

export const dynamic = "force-dynamic";

/** Starts a report in one of the formats it offers; both are checked before the print server starts it. */
export const POST = userRoute({ body: startRequest, maxBodyBytes: 1024 }, async ({ body, token }) => {
  const report = (await listReports(token))?.find((offered) => offered.id === body.reportId);
  if (!report) throw new PortalError("not_found", { sentenceKey: "reports.answers.reportNotOffered" });
  if (!report.formats.includes(body.format))
    throw new PortalError("bad_request", { sentenceKey: "reports.answers.badFormat" });
  const executionId = await startExecution(token, report.id, body.format).catch((error: unknown) => {
    // The print server limits how many reports one person has in the making;
    // "busy, try again in a minute" would not say what to wait for.
    if (!(error instanceof PortalError) || error.code !== "busy") throw error;
    throw new PortalError("too_many_running", {
      sentenceKey: "reports.answers.tooManyRunning",
      retryAfterSeconds: error.retryAfterSeconds,
    });
  });
  const started = { executionId, reportId: report.id, reportName: report.name, format: body.format };
  return answerJson(startedResponse, { ...started, startedAt: Date.now() }, 201);
});
