import type { FastifyBaseLogger } from "fastify";
import type { JobRow } from "../db/jobs.js";
import { nowSeconds, type Db } from "../db/open-database.js";

/** Seconds a release's Idempotency-Key is remembered. */
const IDEMPOTENCY_KEY_LIFETIME = 86_400;

export interface RetentionSettings {
  /** Seconds a held job is kept unless printed (PRINT_SERVER_HELD_RETENTION). */
  heldRetention: number;
  /** Seconds a printed job is kept for reprint (PRINT_SERVER_PRINTED_RETENTION). */
  printedRetention: number;
}

// Each names the partial index's terms (print_jobs_retention, schema.ts
// version 5): its own states and a range on retained_from, so neither sweep
// reads the other's jobs. job-retention.test.ts checks the plan.
const live = "reprint_of IS NULL AND favorite = 0 AND state IN ('ready', 'paused', 'printed')";
export const retentionSweeps = {
  held: `UPDATE print_jobs SET state = 'deleted' WHERE ${live} AND state IN ('ready', 'paused') AND retained_from <= ?`,
  printed: `UPDATE print_jobs SET state = 'deleted' WHERE ${live} AND state = 'printed' AND retained_from <= ?`,
};

/**
 * Deletes held jobs after their retention time and printed ones after theirs;
 * favourites stay until unmarked (and forgets releases' Idempotency-Keys
 * after a day). Runs on a timer in the server, like the reports' retention,
 * and before each release, which is why each sweep must read only the jobs
 * it may delete. A deleted job that was printed keeps `printed_at`, so the
 * reports still count it.
 */
export function createJobRetention(db: Db, settings: RetentionSettings, log: FastifyBaseLogger) {
  const held = db.prepare(retentionSweeps.held);
  const printed = db.prepare(retentionSweeps.printed);

  const forgetKeys = db.prepare("DELETE FROM release_requests WHERE created_at <= ?");

  const sweep = db.transaction((now: number): number => {
    forgetKeys.run(now - IDEMPOTENCY_KEY_LIFETIME);
    return held.run(now - settings.heldRetention).changes + printed.run(now - settings.printedRetention).changes;
  });

  function run(): void {
    try {
      const deleted = sweep(nowSeconds());
      if (deleted > 0) log.info({ count: deleted }, "jobs deleted after their retention time");
    } catch (err) {
      log.error({ errMessage: err instanceof Error ? err.message : String(err) }, "job retention failed");
    }
  }

  run();
  const timer = setInterval(run, Math.min(settings.heldRetention, settings.printedRetention, 60) * 1000);
  timer.unref();

  return {
    /** Deletes what has passed its time; answers how many jobs it deleted. */
    sweep: (now = nowSeconds()) => sweep(now),
    /** When the job is deleted unless printed (held) or reprinted (printed); null when it is kept. */
    expiresAt(job: Pick<JobRow, "state" | "favorite" | "retained_from">): number | null {
      if (job.favorite) return null;
      if (job.state === "ready" || job.state === "paused") return job.retained_from + settings.heldRetention;
      if (job.state === "printed") return job.retained_from + settings.printedRetention;
      return null;
    },
    stop: () => clearInterval(timer),
  };
}

export type JobRetention = ReturnType<typeof createJobRetention>;
