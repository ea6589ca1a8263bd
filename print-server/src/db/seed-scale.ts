import { hashPassword } from "../secrets.js";
import { nowSeconds, type Db } from "./open-database.js";
import { draftJob, printedJobWriter } from "./seed-jobs.js";
import { seededRandom } from "./seeded-random.js";
import { readSetting, writeSetting } from "./settings.js";
import { userPinsRepository } from "./user-pins.js";

/** The scale user whose job list is long (the benchmark's jobs page): this many jobs wait for release. */
export const SCALE_JOBS = { username: "user000001", waiting: 2000 } as const;

const SCALE = {
  months: 12,
  printers: 40,
  /** Distinct printers each user prints on per month: one row each in the organisation's monthly summary. */
  printersPerUserMonth: 12,
  managerPassword: "printmanager",
} as const;

/**
 * Adds `users` generated users with twelve months of printing, for performance
 * work. One transaction of prepared statements keeps 20 000 users under a minute. Users
 * sign in by PIN (user number + 1000000) only; the administrator "manager"
 * (password "printmanager") sees the organisation's reports.
 */
export async function seedScale(db: Db, lookupKey: Buffer, users: number, now = nowSeconds()): Promise<boolean> {
  const existing = readSetting(db, "scale");
  if (existing === users) return false;
  if (existing !== undefined) {
    throw new Error(
      `This data folder already holds scale ${String(existing)}; use another PRINT_SERVER_DATA for scale ${users}.`,
    );
  }
  const managerHash = await hashPassword(SCALE.managerPassword);
  const rnd = seededRandom(users);
  db.transaction(() => {
    // Building the job indexes once at the end is much faster than keeping them up to date per row.
    db.exec("DROP INDEX print_jobs_user; DROP INDEX print_jobs_printed;");
    const insertPrinter = db.prepare(
      "INSERT INTO printers (name, location, model, colour, duplex) VALUES (?, ?, 'Generic MFP', ?, ?)",
    );
    const printers = Array.from({ length: SCALE.printers }, (_, i) => {
      const colour = i % 3 === 0 ? 1 : 0;
      const name = `Scale printer ${String(i + 1).padStart(3, "0")}`;
      const location = `Building ${String.fromCharCode(65 + (i % 6))}, floor ${1 + (i % 5)}`;
      return { id: Number(insertPrinter.run(name, location, colour, 1).lastInsertRowid), colour, duplex: 1 };
    });
    db.prepare(
      `INSERT INTO users (username, fullname, email, lang, password_hash, role, created_at)
       VALUES ('manager', 'Print Manager', 'manager@example.com', 'en', ?, 'admin', ?)`,
    ).run(managerHash, now);

    const insertUser = db.prepare(
      "INSERT INTO users (username, fullname, email, code, lang, created_at) VALUES (?, ?, ?, ?, 'en', ?)",
    );
    const pins = userPinsRepository(db, lookupKey);
    const insertAccount = db.prepare(
      "INSERT INTO accounts (user_id, reference, name, type) VALUES (?, 'internalaccount', 'Personal credit', 'credit')",
    );
    const insertLedger = db.prepare(
      "INSERT INTO credit_ledger (account_id, at, amount_cents, kind, note) VALUES (?, ?, ?, 'opening', 'Opening balance')",
    );
    const writeJob = printedJobWriter(db, now);
    const current = new Date(now * 1000);
    const months = Array.from({ length: SCALE.months }, (_, m) => ({
      start: Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - m, 1) / 1000,
      end: Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - m + 1, 1) / 1000,
    }));
    for (let n = 1; n <= users; n++) {
      const number = String(n).padStart(6, "0");
      const userId = Number(
        insertUser.run(`user${number}`, `User ${number}`, `user${number}@example.com`, `S${number}`, now)
          .lastInsertRowid,
      );
      pins.add(userId, String(1_000_000 + n), now);
      const accountId = Number(insertAccount.run(userId).lastInsertRowid);
      insertLedger.run(accountId, months[SCALE.months - 1]?.start, rnd.int(0, 5000));
      for (const { start: monthStart, end: monthEnd } of months) {
        // Inside its own calendar month, and never in the future.
        const span = Math.max(1, Math.min(monthEnd, now - 60) - monthStart);
        const first = rnd.int(0, SCALE.printers - 1);
        for (let k = 0; k < SCALE.printersPerUserMonth; k++) {
          const printer = printers[(first + k * 7) % SCALE.printers]!;
          const job = draftJob(rnd, printer, 20);
          const printedAt = monthStart + rnd.int(0, span - 1);
          writeJob(job, {
            userId,
            printerId: printer.id,
            accountId,
            sessionId: null,
            submittedAt: printedAt - 120,
            printedAt,
          });
        }
      }
    }
    db.exec(
      "CREATE INDEX print_jobs_user ON print_jobs (user_id, printed_at); CREATE INDEX print_jobs_printed ON print_jobs (printed_at);",
    );
    writeSetting(db, "scale", users);
  })();
  return true;
}

/**
 * Tops the scale user's waiting jobs up to SCALE_JOBS.waiting, sent over the
 * last day (every 30 seconds, the newest a minute ago), every 400th a
 * favourite. Runs at each `serve --scale` start: held jobs are deleted after
 * a day, and a benchmark may release some. Answers how many it added.
 */
export function refreshScaleJobs(db: Db, now = nowSeconds()): number {
  const userId = db.prepare("SELECT id FROM users WHERE username = ?").pluck().get(SCALE_JOBS.username) as
    number | undefined;
  if (userId === undefined) return 0;
  const waiting = Number(
    db
      .prepare(
        "SELECT count(*) FROM print_jobs WHERE user_id = ? AND reprint_of IS NULL AND state <> 'deleted' AND state = 'ready'",
      )
      .pluck()
      .get(userId),
  );
  const insert = db.prepare(
    `INSERT INTO print_jobs (user_id, name, state, submitted_at, pages, copies, colour, duplex, favorite, retained_from)
     VALUES (@user, @name, 'ready', @sent, @pages, 1, @colour, @duplex, @favorite, @sent)`,
  );
  const missing = Math.max(0, SCALE_JOBS.waiting - waiting);
  db.transaction(() => {
    for (let i = 0; i < missing; i++) {
      const pages = 1 + ((i * 7) % 20);
      insert.run({
        user: userId,
        name: `Document ${String(waiting + i + 1).padStart(4, "0")}.pdf`,
        sent: now - 60 - 30 * i,
        pages,
        colour: i % 3 === 0 ? 1 : 0,
        duplex: pages > 1 && i % 2 === 0 ? 1 : 0,
        favorite: i % 400 === 0 ? 1 : 0,
      });
    }
  })();
  return missing;
}
