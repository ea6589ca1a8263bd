import { createReadStream, statSync } from "node:fs";
import type { RequestAuth } from "../auth/request-auth.js";
import { REPORT_CONTENT_TYPES, REPORT_FORMATS } from "../report-formats/index.js";
import { apiErrors } from "../errors.js";
import { visibleReports } from "../reports/report-catalog.js";
import { MAX_UNFINISHED_PER_OWNER, type ExecutionOwner } from "../reports/report-runner.js";
import { apiRoute, type RoutePlugin } from "./api-route.js";

export const reportRoutes: RoutePlugin = async (app, { services: s }) => {
  /** Clients and administrators see organisation reports; users (administrators too) their own. */
  function reportsFor(auth: RequestAuth) {
    if (auth.kind === "client") return visibleReports(true, false);
    const isAdmin = s.users.byId(auth.userId)?.role === "admin";
    return visibleReports(isAdmin, true);
  }

  const ownerOf = (auth: RequestAuth): ExecutionOwner =>
    auth.kind === "user" ? { clientId: auth.clientId, userId: auth.userId } : { clientId: auth.clientId, userId: null };

  apiRoute(app, s, "listReports", async (_request, _reply, auth) => {
    const reports = reportsFor(auth).map((r) => ({ id: r.id, name: r.name, formats: REPORT_FORMATS.join(",") }));
    return { reports, count: reports.length };
  });

  apiRoute(app, s, "createReportExecution", async (request, _reply, auth) => {
    const { id, format } = request.body;
    const report = reportsFor(auth).find((r) => r.id === id);
    if (!report) throw apiErrors.notFound("The report");
    const owner = ownerOf(auth);
    if (s.reports.unfinished(owner) >= MAX_UNFINISHED_PER_OWNER) {
      throw apiErrors.tooManyRequests(
        10,
        `At most ${MAX_UNFINISHED_PER_OWNER} reports may run at once. Wait for one to finish.`,
      );
    }
    return { executionId: s.reports.start(report, format, owner) };
  });

  apiRoute(app, s, "downloadReportExecution", async (request, reply, auth) => {
    const execution = s.reports.find(request.params.executionId, ownerOf(auth));
    if (!execution) throw apiErrors.notFound("The execution");
    reply.header("Cache-Control", "no-store");
    if (execution.state === "running") return reply.code(202).send({ state: "running" });
    if (execution.state === "failed") throw apiErrors.gone("The report could not be created. Run it again.");
    if (execution.state === "expired" || !execution.filePath) {
      throw apiErrors.gone("The report file is no longer kept. Run it again.");
    }
    let size: number;
    try {
      size = statSync(execution.filePath).size;
    } catch {
      throw apiErrors.gone("The report file is no longer kept. Run it again.");
    }
    return reply
      .type(REPORT_CONTENT_TYPES[execution.format])
      .header("Content-Length", String(size))
      .header(
        "Content-Disposition",
        `attachment; filename="${execution.download_name ?? `report.${execution.format}`}"`,
      )
      .code(200)
      .send(createReadStream(execution.filePath));
  });
};
