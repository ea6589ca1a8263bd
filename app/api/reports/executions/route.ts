import { NextResponse, type NextRequest } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { PortalError, toPortalError } from "@/lib/browser-safe/errors";
import { startedDto, startRequest } from "@/lib/browser-safe/reports/dto";
import { isReportFormat } from "@/lib/browser-safe/reports/formats";
import { errorResponse } from "@/lib/http/error-response";
import { listReports, startExecution } from "@/lib/print-server/reports";

export const dynamic = "force-dynamic";

const maxBodyBytes = 1024;

async function readBody(request: NextRequest): Promise<unknown> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBodyBytes) return undefined;
  const text = await request.text();
  if (text.length > maxBodyBytes) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Starts a report in one of the formats it offers; checks both before the
 * print server hears of it. Requests from other sites never get here (proxy.ts).
 */
export async function POST(request: NextRequest) {
  try {
    const { sessionId } = await sessionForRoute();
    const body = startRequest.safeParse(await readBody(request));
    if (!body.success) {
      const formatOnly = body.error.issues.every((issue) => issue.path[0] === "format");
      throw new PortalError("bad_request", {
        sentenceKey: formatOnly ? "reports.answers.badFormat" : "reports.answers.badReportId",
      });
    }
    const { reportId, format } = body.data;
    if (!isReportFormat(format)) throw new PortalError("bad_request", { sentenceKey: "reports.answers.badFormat" });

    const started = await withUserToken(sessionId, async (token) => {
      const report = (await listReports(token)).find((r) => r.id === reportId);
      if (!report) throw new PortalError("not_found", { sentenceKey: "reports.answers.reportNotOffered" });
      if (!report.formats.includes(format))
        throw new PortalError("bad_request", { sentenceKey: "reports.answers.badFormat" });
      try {
        const executionId = await startExecution(token, report.id, format);
        return { executionId, reportId: report.id, reportName: report.name, format, startedAt: Date.now() };
      } catch (error) {
        // The print server limits how many reports one person has in the
        // making; "busy, try again in a minute" would not say what to wait for.
        const refusal = toPortalError(error);
        if (refusal.code !== "busy") throw error;
        throw new PortalError("too_many_running", {
          sentenceKey: "reports.answers.tooManyRunning",
          retryAfterSeconds: refusal.retryAfterSeconds,
        });
      }
    });
    return NextResponse.json(startedDto.parse(started), { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
