import type { Db } from "./open-database.js";

/** A held job of the demo, sent `sentAgo` seconds before the server starts. */
interface DemoJob {
  username: string;
  name: string;
  pages: number;
  copies: number;
  colour: number;
  duplex: number;
  sentAgo: number;
}

/**
 * The demo users' waiting jobs. Every demo job is within its user's credit at
 * the demo prices (db/price-list.ts): alice's cost 1.68, 0.05 and 0.15 of her
 * 25.50; bob's 0.13 and 0.05 of his 3.20.
 */
export const DEMO_READY_JOBS: readonly DemoJob[] = [
  { username: "alice", name: "Quarterly report.pdf", pages: 12, copies: 1, colour: 1, duplex: 1, sentAgo: 25 * 60 },
  { username: "alice", name: "Boarding pass.pdf", pages: 1, copies: 1, colour: 0, duplex: 0, sentAgo: 2 * 3600 },
  { username: "alice", name: "Team photo.jpg", pages: 1, copies: 1, colour: 1, duplex: 0, sentAgo: 4 * 3600 },
  { username: "bob", name: "Site plan.pdf", pages: 3, copies: 1, colour: 0, duplex: 1, sentAgo: 40 * 60 },
  { username: "bob", name: "Timesheet.xlsx", pages: 1, copies: 1, colour: 0, duplex: 0, sentAgo: 3 * 3600 },
];

/** Printed favourites of the demo, written once with the history (and charged there). */
export const DEMO_FAVOURITES = [
  {
    username: "alice",
    printer: "Finance MFP",
    printedAgo: 3 * 86_400,
    job: { name: "Expense form.xlsx", pages: 2, copies: 1, colour: 0, duplex: 0 },
  },
] as const;

/**
 * Gives each demo user back the waiting jobs of the demo that they no longer
 * have waiting (printed, deleted, or removed by retention), as if sent just
 * now. The demo's data folder is kept between starts, and held jobs are
 * deleted after a day; this keeps `npm run demo` showing jobs to release on
 * any later day. A job printing right now counts as waiting.
 */
export function refreshDemoJobs(db: Db, now: number): number {
  const userId = db.prepare("SELECT id FROM users WHERE username = ?").pluck();
  const waiting = db
    .prepare(
      `SELECT 1 FROM print_jobs WHERE user_id = ? AND name = ? AND reprint_of IS NULL
         AND state IN ('ready', 'paused', 'processing')`,
    )
    .pluck();
  const insert = db.prepare(
    `INSERT INTO print_jobs (user_id, name, state, submitted_at, pages, copies, colour, duplex, retained_from)
     VALUES (@user, @name, 'ready', @sent, @pages, @copies, @colour, @duplex, @sent)`,
  );
  let added = 0;
  for (const job of DEMO_READY_JOBS) {
    const user = userId.get(job.username) as number | undefined;
    if (user === undefined || waiting.get(user, job.name)) continue;
    insert.run({ ...job, user, sent: now - job.sentAgo });
    added++;
  }
  return added;
}
