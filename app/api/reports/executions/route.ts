import { NextResponse, type NextRequest } from "next/server";
import { withUserToken } from "@/lib/auth/current-session";
import { sessionForRoute } from "@/lib/auth/route-session";
import { toPortalError } from "@/lib/errors";
import { localizedJsonError } from "@/lib/i18n/localized-json-error";
import { serverTranslator } from "@/lib/i18n/server-translator";
import { listReports, startExecution } from "@/lib/print-server/reports";
import { startedDto, startRequest } from "@/lib/browser-safe/reports/dto";
import { isReportFormat } from "@/lib/browser-safe/reports/formats";
import { reportAnswer } from "@/lib/reports/route-answers";

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
  const t = await serverTranslator("reports.answers");
  try {
    const { sessionId } = await sessionForRoute();
    const body = startRequest.safeParse(await readBody(request));
    if (!body.success) {
      const formatOnly = body.error.issues.every((issue) => issue.path[0] === "format");
      return reportAnswer("bad_request", formatOnly ? t("badFormat") : t("badReportId"));
    }
    const { reportId, format } = body.data;
    if (!isReportFormat(format)) return reportAnswer("bad_request", t("badFormat"));

    const outcome = await withUserToken(sessionId, async (token) => {
      const report = (await listReports(token)).find((r) => r.id === reportId);
      if (!report) return { refused: "not_found" as const };
      if (!report.formats.includes(format)) return { refused: "bad_request" as const };
      try {
        const executionId = await startExecution(token, report.id, format);
        return {
          started: { executionId, reportId: report.id, reportName: report.name, format, startedAt: Date.now() },
        };
      } catch (error) {
        // The print server limits how many reports one person has in the
        // making; "too many attempts" would send them looking for a PIN typo.
        const refusal = toPortalError(error);
        if (refusal.code === "locked")
          return { refused: "too_many_running" as const, retryAfterSeconds: refusal.retryAfterSeconds };
        throw error;
      }
    });
    if ("refused" in outcome) {
      switch (outcome.refused) {
        case "not_found":
          return reportAnswer("not_found", t("reportNotOffered"));
        case "too_many_running":
          return reportAnswer("too_many_running", t("tooManyRunning"), outcome.retryAfterSeconds);
        default:
          return reportAnswer("bad_request", t("badFormat"));
      }
    }
    return NextResponse.json(startedDto.parse(outcome.started), {
      status: 201,
      headers: { "cache-control": "no-store" },
    });
  } catch (error) {
    return localizedJsonError(error);
  }
}
