import { parentPort } from "node:worker_threads";
import { writeReport, type ReportFormat } from "../report-formats/index.js";
import { openReadOnly } from "../db/open-database.js";
import { REPORTS, type ReportScope } from "./report-catalog.js";

export interface ReportWorkerJob {
  databaseFile: string;
  reportId: number;
  format: ReportFormat;
  filePath: string;
  title: string;
  subtitle: string;
  currency: string;
  scope: ReportScope;
}

export type ReportWorkerResult = { ok: true } | { ok: false; message: string };

async function write(job: ReportWorkerJob): Promise<void> {
  const report = REPORTS.find((r) => r.id === job.reportId);
  if (!report) throw new Error(`unknown report ${job.reportId}`);
  const db = openReadOnly(job.databaseFile);
  try {
    await writeReport(
      job.format,
      {
        title: job.title,
        subtitle: job.subtitle,
        currency: job.currency,
        columns: report.columns,
        rows: report.rows(db, job.scope),
      },
      job.filePath,
    );
  } finally {
    db.close();
  }
}

// A worker thread takes one job at a time: a big report's query and file
// writing never block the server's event loop, so the API stays responsive.
parentPort?.on("message", (job: ReportWorkerJob) => {
  write(job).then(
    () => parentPort?.postMessage({ ok: true } satisfies ReportWorkerResult),
    (err: unknown) =>
      parentPort?.postMessage({
        ok: false,
        message: err instanceof Error ? err.message : String(err),
      } satisfies ReportWorkerResult),
  );
});
