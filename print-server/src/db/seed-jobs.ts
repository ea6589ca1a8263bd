import { PRINTED_RETENTION_DEFAULT } from "../config.js";
import type { Db } from "./open-database.js";
import { DEMO_PRICES, printCostCents } from "./price-list.js";
import type { SeededRandom } from "./seeded-random.js";

const DOCUMENTS = [
  "Quarterly report.pdf",
  "Meeting notes.docx",
  "Boarding pass.pdf",
  "Invoice 2231.pdf",
  "Slides - kickoff.pptx",
  "Timesheet.xlsx",
  "Contract draft v3.docx",
  "Floor plan.pdf",
  "Expense claim.pdf",
  "Recipe.html",
];
const PROJECTS = [null, null, null, "Apollo", "Website relaunch", "Audit 2026"];

/** A job of the seeded printing history, before it is placed on a printer and a day. */
export interface JobDraft {
  name: string;
  pages: number;
  copies: number;
  colour: number;
  duplex: number;
  costCents: number;
  project: string | null;
}

export function draftJob(rnd: SeededRandom, printer: { colour: number; duplex: number }, maxPages = 12): JobDraft {
  const pages = rnd.int(1, maxPages);
  const copies = rnd.chance(0.1) ? rnd.int(2, 3) : 1;
  const colour = printer.colour && rnd.chance(0.35) ? 1 : 0;
  const duplex = printer.duplex && pages > 1 && rnd.chance(0.6) ? 1 : 0;
  const costCents = printCostCents(DEMO_PRICES, { pages, copies, colour, duplex });
  return { name: rnd.pick(DOCUMENTS), pages, copies, colour, duplex, costCents, project: rnd.pick(PROJECTS) };
}

/** Who printed a drafted job, where, when, and which account paid. */
export interface JobPlacement {
  userId: number;
  printerId: number;
  accountId: number;
  /** The printer session it was released in; none for the scale organisation. */
  sessionId: number | null;
  submittedAt: number;
  printedAt: number;
  favorite?: boolean;
}

/**
 * Writes printed jobs with one prepared statement (the scale seed writes millions); returns the new job's id.
 * A job printed before the default reprint time (a week before `now`) is written as retention would have
 * left it: deleted from its user's list, still printed for the reports (its printed_at stays).
 */
export function printedJobWriter(db: Db, now: number): (job: JobDraft, placement: JobPlacement) => number {
  const insert = db.prepare(
    `INSERT INTO print_jobs (user_id, name, state, submitted_at, printed_at, printer_id, session_id, account_id,
       pages, copies, colour, duplex, cost_cents, project, favorite, retained_from)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const keptFrom = now - PRINTED_RETENTION_DEFAULT;
  return (job, at) =>
    Number(
      insert.run(
        at.userId,
        job.name,
        at.favorite || at.printedAt > keptFrom ? "printed" : "deleted",
        at.submittedAt,
        at.printedAt,
        at.printerId,
        at.sessionId,
        at.accountId,
        job.pages,
        job.copies,
        job.colour,
        job.duplex,
        job.costCents,
        job.project,
        at.favorite ? 1 : 0,
        at.printedAt,
      ).lastInsertRowid,
    );
}
