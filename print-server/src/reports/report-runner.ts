import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { REPORT_FILE_EXTENSIONS, type ReportFormat } from "../report-formats/index.js";
import type { StartupSettings } from "../config.js";
import type { DataPaths } from "../data-paths.js";
import { nowSeconds, type Db } from "../db/open-database.js";
import { readServerConfig } from "../db/settings.js";
import { REPORTS, reportPeriod, type ReportDefinition } from "./report-catalog.js";
import { createReportWorkerPool } from "./report-worker-pool.js";

export interface ExecutionOwner {
  clientId: string;
  /** Null for a client token. */
  userId: number | null;
}

export interface ExecutionRow {
  id: number;
  report_id: number;
  format: ReportFormat;
  owner_client_id: string;
  owner_user_id: number | null;
  state: "running" | "done" | "failed" | "expired";
  finished_at: number | null;
  file_name: string | null;
  download_name: string | null;
}

const CONCURRENCY = 2;
/** Unfinished executions one owner may have; more would let one caller queue work (and files) without bound. */
export const MAX_UNFINISHED_PER_OWNER = 10;

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * Runs report executions in the background, a few at a time, and keeps their
 * state in the database so it survives a restart. Files live in the reports
 * folder until the retention time passes.
 */
export function createReportRunner(db: Db, paths: DataPaths, config: StartupSettings, log: FastifyBaseLogger) {
  mkdirSync(paths.reportsDir, { recursive: true, mode: 0o700 });
  const insert = db.prepare(
    `INSERT INTO report_executions (report_id, format, owner_client_id, owner_user_id, state, created_at)
     VALUES (?, ?, ?, ?, 'running', ?)`,
  );
  const byId = db.prepare("SELECT * FROM report_executions WHERE id = ?");
  const unfinishedOfUser = db
    .prepare("SELECT count(*) FROM report_executions WHERE state = 'running' AND owner_user_id = ?")
    .pluck();
  const unfinishedOfClient = db
    .prepare(
      "SELECT count(*) FROM report_executions WHERE state = 'running' AND owner_user_id IS NULL AND owner_client_id = ?",
    )
    .pluck();
  const finish = db.prepare(
    "UPDATE report_executions SET state = 'done', finished_at = ?, file_name = ?, download_name = ? WHERE id = ? AND state = 'running'",
  );
  const fail = db.prepare(
    "UPDATE report_executions SET state = 'failed', finished_at = ?, failure = ? WHERE id = ? AND state = 'running'",
  );
  const expiring = db.prepare(
    "SELECT id, file_name FROM report_executions WHERE state IN ('done', 'failed') AND finished_at <= ?",
  );
  const expire = db.prepare("UPDATE report_executions SET state = 'expired', file_name = NULL WHERE id = ?");
  // The owner's finished files beyond the newest `OFFSET`, oldest last.
  const keptOfUser = db.prepare(
    "SELECT id, file_name FROM report_executions WHERE state = 'done' AND owner_user_id = ? ORDER BY id DESC LIMIT -1 OFFSET ?",
  );
  const keptOfClient = db.prepare(
    "SELECT id, file_name FROM report_executions WHERE state = 'done' AND owner_user_id IS NULL AND owner_client_id = ? ORDER BY id DESC LIMIT -1 OFFSET ?",
  );

  const workers = createReportWorkerPool();
  const queue: Array<() => Promise<void>> = [];
  const active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let stopping = false;

  function pump(): void {
    while (!stopping && active.size < CONCURRENCY && queue.length > 0) queue.shift()?.();
  }

  async function execute(
    id: number,
    report: ReportDefinition,
    format: ReportFormat,
    owner: ExecutionOwner,
    signal: AbortSignal,
  ) {
    if (config.reportDelayMs > 0) await sleep(config.reportDelayMs, undefined, { signal });
    if (config.failingReports.has(report.id)) throw new Error("configured to fail by PRINT_SERVER_FAIL_REPORTS");
    const user =
      owner.userId === null
        ? undefined
        : (db.prepare("SELECT id, fullname FROM users WHERE id = ?").get(owner.userId) as
            { id: number; fullname: string } | undefined);
    if (report.audience === "user" && !user) throw new Error("the user no longer exists");
    const period = reportPeriod();
    const fileName = `execution-${id}.${REPORT_FILE_EXTENSIONS[format]}`;
    const partial = path.join(paths.reportsDir, `${fileName}.part`);
    try {
      await workers.run(
        {
          databaseFile: paths.database,
          reportId: report.id,
          format,
          filePath: partial,
          title: report.name,
          subtitle: `${report.audience === "user" && user ? user.fullname : "All users"}, ${isoDay(period.from)} to ${isoDay(period.to - 1)}`,
          currency: readServerConfig(db).currency,
          scope: { user, ...period },
        },
        signal,
      );
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    renameSync(partial, path.join(paths.reportsDir, fileName));
    finish.run(
      nowSeconds(),
      fileName,
      `${slug(report.name)}-${isoDay(nowSeconds())}.${REPORT_FILE_EXTENSIONS[format]}`,
      id,
    );
  }

  function schedule(id: number, report: ReportDefinition, format: ReportFormat, owner: ExecutionOwner): void {
    queue.push(() => {
      const controller = new AbortController();
      const started = Date.now();
      const done = execute(id, report, format, owner, controller.signal)
        .then(() =>
          log.info({ executionId: id, reportId: report.id, format, durationMs: Date.now() - started }, "report done"),
        )
        .catch((err: unknown) => {
          const reason = err instanceof Error ? err.message : String(err);
          if (db.open) fail.run(nowSeconds(), reason, id);
          log.warn({ executionId: id, reportId: report.id, format, reason }, "report failed");
        })
        .finally(() => {
          active.delete(id);
          pump();
        });
      active.set(id, { controller, done });
      return done;
    });
    pump();
  }

  /**
   * Retires the owner's oldest finished files so that, with the execution
   * about to start, at most `reportFilesPerOwner` are kept: the limit on
   * running executions alone would let a loop of short reports fill the disk
   * within the retention time.
   */
  function makeRoomFor(owner: ExecutionOwner): void {
    const keep = config.reportFilesPerOwner - 1;
    const surplus = (
      owner.userId === null ? keptOfClient.all(owner.clientId, keep) : keptOfUser.all(owner.userId, keep)
    ) as Array<{ id: number; file_name: string | null }>;
    for (const row of surplus) {
      if (row.file_name) rmSync(path.join(paths.reportsDir, row.file_name), { force: true });
      expire.run(row.id);
    }
  }

  function purge(): void {
    const cutoff = nowSeconds() - config.reportRetention;
    for (const row of expiring.all(cutoff) as Array<{ id: number; file_name: string | null }>) {
      if (row.file_name) rmSync(path.join(paths.reportsDir, row.file_name), { force: true });
      expire.run(row.id);
    }
  }

  // An execution that was running when the server stopped cannot be trusted: it ends as failed.
  const interrupted = db
    .prepare(
      "UPDATE report_executions SET state = 'failed', finished_at = ?, failure = 'server restarted' WHERE state = 'running'",
    )
    .run(nowSeconds()).changes;
  if (interrupted > 0) log.info({ count: interrupted }, "executions interrupted by a restart marked failed");
  for (const file of readdirSync(paths.reportsDir)) {
    if (file.endsWith(".part")) rmSync(path.join(paths.reportsDir, file), { force: true });
  }
  purge();
  const purgeTimer = setInterval(purge, Math.min(config.reportRetention, 60) * 1000);
  purgeTimer.unref();

  return {
    start(report: ReportDefinition, format: ReportFormat, owner: ExecutionOwner): number {
      makeRoomFor(owner);
      const id = Number(insert.run(report.id, format, owner.clientId, owner.userId, nowSeconds()).lastInsertRowid);
      schedule(id, report, format, owner);
      return id;
    },

    /** Executions of this owner that are queued or running. */
    unfinished: (owner: ExecutionOwner): number =>
      Number(owner.userId === null ? unfinishedOfClient.get(owner.clientId) : unfinishedOfUser.get(owner.userId)),

    /** The execution if it belongs to this owner; anyone else's is undefined (answered as 404). */
    find(id: number, owner: ExecutionOwner): (ExecutionRow & { filePath: string | null }) | undefined {
      const row = byId.get(id) as ExecutionRow | undefined;
      if (!row) return undefined;
      const mine =
        owner.userId === null
          ? row.owner_user_id === null && row.owner_client_id === owner.clientId
          : row.owner_user_id === owner.userId;
      if (!mine) return undefined;
      // A file past its retention is gone even if the purge timer has not run yet.
      if (row.state === "done" && (row.finished_at ?? 0) <= nowSeconds() - config.reportRetention) purge();
      const fresh = byId.get(id) as ExecutionRow;
      return { ...fresh, filePath: fresh.file_name ? path.join(paths.reportsDir, fresh.file_name) : null };
    },

    reportOf: (id: number) => REPORTS.find((r) => r.id === id),

    /** Waits for running executions up to `graceMs`, then aborts the rest (they end as failed). */
    async stop(graceMs = 5_000): Promise<void> {
      stopping = true;
      clearInterval(purgeTimer);
      queue.length = 0;
      const all = Promise.allSettled([...active.values()].map((a) => a.done));
      const timer = setTimeout(() => active.forEach((a) => a.controller.abort()), graceMs);
      await all;
      clearTimeout(timer);
      await workers.close();
    },
  };
}

export type ReportRunner = ReturnType<typeof createReportRunner>;
