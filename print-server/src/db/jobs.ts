import type { Db } from "./open-database.js";

/** A job as its user sees it: a row of print_jobs that is not a reprint's own record. */
export interface JobRow {
  id: number;
  user_id: number;
  name: string;
  state: "ready" | "paused" | "processing" | "printed" | "deleted" | "failed";
  submitted_at: number;
  printed_at: number | null;
  pages: number;
  copies: number;
  colour: number;
  duplex: number;
  cost_cents: number;
  favorite: number;
  retained_from: number;
  /** While it prints: what this print will cost. */
  release_cost_cents: number | null;
}

export interface NewJob {
  userId: number;
  name: string;
  /** Pages of one copy. */
  pages: number;
  copies: number;
  colour: boolean;
  duplex: boolean;
  /** What printing it as sent costs. */
  costCents: number;
  /** Unix seconds. */
  now: number;
}

const COLUMNS = `j.id, j.user_id, j.name, j.state, j.submitted_at, j.printed_at, j.pages, j.copies, j.colour, j.duplex,
  j.cost_cents, j.favorite, j.retained_from, r.cost_cents AS release_cost_cents`;
const FROM = "print_jobs j LEFT JOIN job_releases r ON r.job_id = j.id";

/**
 * The conditions of each `state` filter of GET /v3/jobs. Each names the
 * partial index's own terms (`reprint_of IS NULL AND state <> 'deleted'`)
 * where it can use it. A failed job is shown as deleted.
 */
const STATE_FILTERS: Record<string, string> = {
  ready: "j.state = 'ready'",
  paused: "j.state = 'paused'",
  processing: "j.state = 'processing'",
  printed: "j.state = 'printed'",
  favorite: "j.favorite = 1",
};
const LISTED = "j.user_id = @user AND j.reprint_of IS NULL";

function filterSql(state: string): string | undefined {
  if (state === "deleted") return `${LISTED} AND j.state IN ('deleted', 'failed')`;
  const condition = STATE_FILTERS[state];
  return condition && `${LISTED} AND j.state <> 'deleted' AND ${condition}`;
}

export function jobsRepository(db: Db) {
  const byId = db.prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE j.id = ? AND j.reprint_of IS NULL`);
  const pages = new Map<string, { rows: ReturnType<Db["prepare"]>; count: ReturnType<Db["prepare"]> }>();
  const readyIds = db
    .prepare(
      `SELECT j.id FROM print_jobs j WHERE ${LISTED} AND j.state <> 'deleted' AND j.state = 'ready'
       ORDER BY j.submitted_at, j.id LIMIT @limit`,
    )
    .pluck();
  const readyCount = db
    .prepare(`SELECT count(*) FROM print_jobs j WHERE ${LISTED} AND j.state <> 'deleted' AND j.state = 'ready'`)
    .pluck();
  const favorite = db.prepare(
    // Unmarking starts the retention clock again, so a long-kept favourite is not deleted the moment it is unmarked.
    "UPDATE print_jobs SET favorite = @favorite, retained_from = CASE WHEN favorite = 1 AND @favorite = 0 THEN @now ELSE retained_from END WHERE id = @id",
  );
  const noProject = db.prepare("UPDATE print_jobs SET project = NULL WHERE id = ?");
  const remove = db.prepare("UPDATE print_jobs SET state = 'deleted' WHERE id = ? AND state <> 'deleted'");
  const insertReady = db.prepare(
    `INSERT INTO print_jobs (user_id, name, state, submitted_at, pages, copies, colour, duplex, cost_cents, retained_from)
     VALUES (@userId, @name, 'ready', @now, @pages, @copies, @colour, @duplex, @costCents, @now)`,
  );

  function statementsFor(state: string) {
    let prepared = pages.get(state);
    const where = filterSql(state);
    if (!prepared && where) {
      prepared = {
        rows: db.prepare(
          `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY j.submitted_at DESC, j.id DESC LIMIT @limit OFFSET @start`,
        ),
        count: db.prepare(`SELECT count(*) FROM print_jobs j WHERE ${where}`).pluck(),
      };
      pages.set(state, prepared);
    }
    return prepared;
  }

  return {
    byId: (id: number) => byId.get(id) as JobRow | undefined,
    /** The job if it is this user's; another user's is undefined (answered as 404, never revealed). */
    ofUser(userId: number, id: number): JobRow | undefined {
      const row = byId.get(id) as JobRow | undefined;
      return row?.user_id === userId ? row : undefined;
    },

    /** One page of a user's jobs in one state (or favourites), newest first; an unknown state matches none. */
    list(userId: number, state: string, limit: number, start: number): { rows: JobRow[]; count: number } {
      const statements = statementsFor(state);
      if (!statements) return { rows: [], count: 0 };
      return {
        rows: statements.rows.all({ user: userId, limit, start }) as JobRow[],
        count: Number(statements.count.get({ user: userId })),
      };
    },

    /** The user's ready jobs, oldest first (the order a "print all" releases them), and how many there are. */
    readyOf(userId: number, limit: number): { ids: number[]; count: number } {
      return {
        ids: readyIds.all({ user: userId, limit }) as number[],
        count: Number(readyCount.get({ user: userId })),
      };
    },

    setFavorite: (id: number, isFavorite: boolean, now: number) =>
      void favorite.run({ id, favorite: isFavorite ? 1 : 0, now }),
    clearProject: (id: number) => void noProject.run(id),
    markDeleted: (id: number) => void remove.run(id),

    /** A job just sent (waiting to be released), as a document that reaches the server; answers its id. */
    addReady: (job: NewJob): number =>
      Number(insertReady.run({ ...job, colour: job.colour ? 1 : 0, duplex: job.duplex ? 1 : 0 }).lastInsertRowid),
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;
