import type { FastifyBaseLogger } from "fastify";
import { creditLedger } from "../db/credit-ledger.js";
import type { Db } from "../db/open-database.js";

/** The simulated printer's pace (PRINT_SERVER_PRINT_JOB_MS and _PAGE_MS). */
export interface PrintPace {
  printJobMs: number;
  printPageMs: number;
}

/** However large a job, the simulation prints it in seconds, not minutes. */
const LONGEST_JOB_MS = 30_000;

interface ReleaseRow {
  id: number;
  job_id: number;
  printer_id: number;
  session_id: number;
  account_id: number | null;
  copies: number;
  colour: number;
  duplex: number;
  cost_cents: number;
  reprint: number;
  account_type: "credit" | "quota" | null;
}

/**
 * Prints released jobs, for real in the database: each printer works through
 * its releases one after another, at a pace that grows with the printed pages.
 * When a job is done it becomes `printed` and is charged, in one transaction
 * that also removes its release, so a job is charged exactly once even across
 * a restart: on start, releases still in the table finish (those whose time
 * has passed at once), and nothing is lost.
 */
export function createPrintSimulator(db: Db, pace: PrintPace, log: FastifyBaseLogger) {
  const ledger = creditLedger(db);
  const due = db.prepare(
    `SELECT r.*, a.type AS account_type FROM job_releases r LEFT JOIN accounts a ON a.id = r.account_id
     WHERE r.done_at_ms <= ? ORDER BY r.done_at_ms, r.id`,
  );
  const nextDue = db.prepare("SELECT min(done_at_ms) FROM job_releases").pluck();
  const printerBusyUntil = db.prepare("SELECT max(done_at_ms) FROM job_releases WHERE printer_id = ?").pluck();
  const firstPrint = db.prepare(
    `UPDATE print_jobs SET state = 'printed', printed_at = @now, printer_id = @printer, session_id = @session,
       account_id = @account, copies = @copies, colour = @colour, duplex = @duplex, cost_cents = @cost, retained_from = @now
     WHERE id = @job`,
  );
  // A reprint is recorded in a row of its own (counted by the reports, named by the charge); the job itself
  // goes back to printed, kept for reprint from now.
  const reprintRecord = db.prepare(
    `INSERT INTO print_jobs (user_id, name, state, submitted_at, printed_at, printer_id, session_id, account_id,
       pages, copies, colour, duplex, cost_cents, project, favorite, retained_from, reprint_of)
     SELECT user_id, name, 'printed', submitted_at, @now, @printer, @session, @account,
       pages, @copies, @colour, @duplex, @cost, project, 0, @now, id
     FROM print_jobs WHERE id = @job`,
  );
  const reprinted = db.prepare("UPDATE print_jobs SET state = 'printed', retained_from = @now WHERE id = @job");
  const endSession = db.prepare("UPDATE print_sessions SET ended_at = max(ended_at, ?) WHERE id = ?");
  const removeRelease = db.prepare("DELETE FROM job_releases WHERE id = ?");
  // Left `processing` without a release (cannot happen, as both change in one transaction; kept as a safety net).
  const orphans = db.prepare(
    `UPDATE print_jobs SET state = CASE WHEN printed_at IS NULL THEN 'ready' ELSE 'printed' END
     WHERE state = 'processing' AND reprint_of IS NULL AND id NOT IN (SELECT job_id FROM job_releases)`,
  );

  const finishDue = db.transaction((nowMs: number): number => {
    const now = Math.floor(nowMs / 1000);
    const rows = due.all(nowMs) as ReleaseRow[];
    for (const r of rows) {
      const print = {
        now,
        job: r.job_id,
        printer: r.printer_id,
        session: r.session_id,
        account: r.account_id,
        copies: r.copies,
        colour: r.colour,
        duplex: r.duplex,
        cost: r.cost_cents,
      };
      let recordId = r.job_id;
      if (r.reprint) {
        recordId = Number(reprintRecord.run(print).lastInsertRowid);
        reprinted.run(print);
      } else {
        firstPrint.run(print);
      }
      if (r.account_id !== null && r.account_type === "credit" && r.cost_cents > 0) {
        ledger.charge(r.account_id, r.cost_cents, recordId, now);
      }
      endSession.run(now, r.session_id);
      removeRelease.run(r.id);
    }
    return rows.length;
  });

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function tick(): void {
    try {
      const printed = finishDue.immediate(Date.now());
      if (printed > 0) log.debug({ printed }, "jobs printed");
    } catch (err) {
      log.error({ errMessage: err instanceof Error ? err.message : String(err) }, "printing jobs failed");
    }
    schedule();
  }

  /** Sets the one timer for the next job to finish. */
  function schedule(): void {
    clearTimeout(timer);
    if (stopped || !db.open) return;
    const next = nextDue.get() as number | null;
    if (next === null) return;
    // setTimeout holds at most about 24.8 days; a job is never that far off, but keep the timer valid.
    timer = setTimeout(tick, Math.min(Math.max(0, next - Date.now()), 2 ** 31 - 1));
    timer.unref();
  }

  const recovered = orphans.run().changes;
  if (recovered > 0) log.warn({ count: recovered }, "jobs left processing without a release went back");
  schedule();

  return {
    /** When a job of `printedPages` (pages × copies) released now at this printer will be done, in Unix ms. */
    doneAt(printerId: number, printedPages: number, nowMs: number): number {
      const busyUntil = (printerBusyUntil.get(printerId) as number | null) ?? 0;
      return Math.max(nowMs, busyUntil) + Math.min(LONGEST_JOB_MS, pace.printJobMs + pace.printPageMs * printedPages);
    },
    /** Call after releasing: the timer may now need to fire sooner. */
    wake: schedule,
    /** Finishes every job due by `nowMs` (the timer calls it; tests may too). */
    // Immediate: the write lock before the read, so a `terminal` command printing beside the server waits
    // its turn instead of failing on a snapshot the other process has changed.
    finishDue: (nowMs = Date.now()) => finishDue.immediate(nowMs),
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type PrintSimulator = ReturnType<typeof createPrintSimulator>;
