import { creditLedger } from "../db/credit-ledger.js";
import type { JobRow, JobsRepository } from "../db/jobs.js";
import type { Db } from "../db/open-database.js";
import { printCostCents, readPriceList } from "../db/price-list.js";
import { canPrint, type PrinterRow, type PrintersRepository } from "../db/printers.js";
import { readServerConfig } from "../db/settings.js";
import type { AccountRow, UsersRepository } from "../db/users.js";
import { apiErrors } from "../errors.js";
import { sha256 } from "../secrets.js";
import type { Schemas } from "../openapi/operation-types.js";
import type { JobRetention } from "./job-retention.js";
import { refuseProject } from "./job-changes.js";
import type { PrintSimulator } from "./print-simulator.js";

interface ReleaseDeps {
  db: Db;
  users: UsersRepository;
  jobs: JobsRepository;
  printers: PrintersRepository;
  retention: JobRetention;
  simulator: PrintSimulator;
}

/** How one job will print: the options of the release over the job as sent, within what the printer can do. */
function printPlan(job: JobRow, printer: PrinterRow, options: Schemas["ReleaseOptions"]) {
  const copies = options.copies ? options.copies : job.copies;
  const colour = job.colour === 1 && printer.colour === 1 && options.color !== 1 ? 1 : 0;
  const twoSided = options.duplex ? options.duplex >= 2 : job.duplex === 1;
  return { copies, colour, duplex: twoSided && printer.duplex === 1 ? 1 : 0 };
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/**
 * Releases a user's jobs at a printer: every check first (ownership, printer,
 * states, funds), then every job `processing` with its release, all in one
 * immediate transaction. A second release of a job already printing finds it
 * `processing` and is refused, so it prints and is charged once.
 */
export function jobReleaser(deps: ReleaseDeps) {
  const { db, users, jobs, printers } = deps;
  const ledger = creditLedger(db);
  const reservedCents = db
    .prepare("SELECT coalesce(sum(cost_cents), 0) FROM job_releases WHERE account_id = ?")
    .pluck();
  const reservedPages = db
    .prepare(
      `SELECT coalesce(sum(j.pages * r.copies), 0) FROM job_releases r JOIN print_jobs j ON j.id = r.job_id
       WHERE r.account_id = ?`,
    )
    .pluck();
  const insertSession = db.prepare(
    "INSERT INTO print_sessions (user_id, printer_id, started_at, ended_at) VALUES (?, ?, ?, ?)",
  );
  const insertRelease = db.prepare(
    `INSERT INTO job_releases (job_id, printer_id, session_id, account_id, copies, colour, duplex, cost_cents, reprint,
       released_at, done_at_ms)
     VALUES (@job, @printer, @session, @account, @copies, @colour, @duplex, @cost, @reprint, @now, @doneAtMs)`,
  );
  const earlierAnswer = db.prepare(
    "SELECT fingerprint, answer FROM release_requests WHERE user_id = ? AND idempotency_key = ?",
  );
  const rememberAnswer = db.prepare(
    "INSERT INTO release_requests (user_id, idempotency_key, fingerprint, answer, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const startPrinting = db.prepare(
    "UPDATE print_jobs SET state = 'processing' WHERE id = ? AND state IN ('ready', 'printed')",
  );

  /** The account that pays: the one named, or the credit account when credit is on; none when accounting is off. */
  function payingAccount(userId: number, reference: string | null | undefined): AccountRow | undefined {
    const config = readServerConfig(db);
    if (!config.credit.enabled && !config.quota.enabled) return undefined;
    if (reference) {
      const named = users.account(userId, reference);
      if (!named) throw apiErrors.invalidRequest(`"${reference}" is not one of your accounts.`);
      return named;
    }
    return config.credit.enabled ? users.accounts(userId).find((a) => a.type === "credit") : undefined;
  }

  function checkFunds(account: AccountRow | undefined, costCents: number, printedPages: number): void {
    if (account === undefined) {
      // Credit is on but the user has no credit account: nothing can pay for a print that costs.
      if (costCents > 0 && readServerConfig(db).credit.enabled) {
        throw apiErrors.insufficientCredit("You have no credit account to pay for printing.");
      }
      return;
    }
    if (account.type === "quota") {
      const left = users.balance(account) - Number(reservedPages.get(account.id));
      if (printedPages > left) {
        throw apiErrors.insufficientCredit(`This release prints ${printedPages} pages; your quota has ${left} left.`);
      }
      return;
    }
    // Credit held by jobs still printing is spent already.
    const available =
      ledger.balanceCents(account.id) - Number(reservedCents.get(account.id)) - (account.minimum_cents ?? 0);
    if (costCents > available) {
      const currency = readServerConfig(db).currency;
      throw apiErrors.insufficientCredit(
        `This release costs ${money(costCents, currency)}; ${money(Math.max(0, available), currency)} is available to print.`,
      );
    }
  }

  const release = db.transaction(
    (
      userId: number,
      printerId: number,
      body: Schemas["ReleaseRequest"],
      idempotencyKey: string | undefined,
      nowMs: number,
    ): { answer: Schemas["ReleaseAnswer"]; replayed: boolean } => {
      const now = Math.floor(nowMs / 1000);
      const fingerprint = sha256(JSON.stringify([printerId, body]));
      if (idempotencyKey !== undefined) {
        const earlier = earlierAnswer.get(userId, idempotencyKey) as
          { fingerprint: string; answer: string } | undefined;
        if (earlier && earlier.fingerprint !== fingerprint) {
          throw apiErrors.invalidRequest(
            "This Idempotency-Key was sent with another release. Use a new key for a new release.",
          );
        }
        if (earlier) return { answer: JSON.parse(earlier.answer) as Schemas["ReleaseAnswer"], replayed: true };
      }
      refuseProject(body.projectId);
      deps.retention.sweep(now);
      const printer = printers.byId(printerId);
      if (!printer) throw apiErrors.notFound("The printer");
      const selected = body.jobIds.map((id) => {
        const job = jobs.ofUser(userId, id);
        if (!job) throw apiErrors.notFound("The job");
        return job;
      });
      if (!canPrint(printer)) {
        throw apiErrors.printerUnavailable(
          printer.state !== "active"
            ? `${printer.name} is switched off by an administrator. Choose another printer.`
            : printer.mode === "offline"
              ? `${printer.name} is offline. Choose another printer.`
              : `${printer.name} has an issue. Choose another printer.`,
        );
      }
      const notReady = selected.find((job) => job.state !== "ready" && job.state !== "printed");
      if (notReady) {
        throw apiErrors.jobNotReady(
          `Job ${notReady.id} is ${notReady.state === "failed" ? "deleted" : notReady.state}; only waiting or printed jobs can be released.`,
        );
      }
      const prices = readPriceList(db);
      const plans = selected.map((job) => {
        const plan = printPlan(job, printer, body.releaseOptions ?? {});
        return { job, ...plan, cost: printCostCents(prices, { pages: job.pages, ...plan }) };
      });
      const account = payingAccount(userId, body.account);
      checkFunds(
        account,
        plans.reduce((sum, p) => sum + p.cost, 0),
        plans.reduce((sum, p) => sum + p.job.pages * p.copies, 0),
      );

      const session = Number(insertSession.run(userId, printerId, now, now).lastInsertRowid);
      const released = plans.map((p) => {
        // A change that lost a race (the state moved since it was read) refuses the whole release.
        if (startPrinting.run(p.job.id).changes !== 1) throw apiErrors.jobNotReady(`Job ${p.job.id} is not waiting.`);
        insertRelease.run({
          job: p.job.id,
          printer: printerId,
          session,
          account: account?.id ?? null,
          copies: p.copies,
          colour: p.colour,
          duplex: p.duplex,
          cost: p.cost,
          reprint: p.job.state === "printed" ? 1 : 0,
          now,
          doneAtMs: deps.simulator.doneAt(printerId, p.job.pages * p.copies, nowMs),
        });
        return { id: p.job.id, state: "processing" as const, cost: p.cost / 100 };
      });
      const answer = { jobs: released };
      if (idempotencyKey !== undefined) {
        rememberAnswer.run(userId, idempotencyKey, fingerprint, JSON.stringify(answer), now);
      }
      return { answer, replayed: false };
    },
  );

  /**
   * Releases the jobs; with an Idempotency-Key, a retry of the same release (same user, printer and body)
   * answers as the first did and releases nothing (keys are kept a day).
   */
  return (
    userId: number,
    printerId: number,
    body: Schemas["ReleaseRequest"],
    idempotencyKey?: string,
  ): Schemas["ReleaseAnswer"] => {
    // Immediate: takes the write lock before the first read, so no other writer sees the jobs in between.
    const { answer, replayed } = release.immediate(userId, printerId, body, idempotencyKey, Date.now());
    if (!replayed) deps.simulator.wake();
    return answer;
  };
}
