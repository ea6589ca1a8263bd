import type { ReportColumn, ReportRow } from "../report-formats/index.js";
import type { Db } from "../db/open-database.js";

export type ReportAudience = "user" | "organisation";

export interface ReportScope {
  /** The user whose own activity a "My" report covers. */
  user?: { id: number; fullname: string };
  /** Unix seconds, inclusive start and exclusive end. */
  from: number;
  to: number;
}

export interface ReportDefinition {
  id: number;
  name: string;
  audience: ReportAudience;
  columns: ReportColumn[];
  rows(db: Db, scope: ReportScope): Iterable<ReportRow>;
}

const col = (key: string, title: string, type: ReportColumn["type"]): ReportColumn => ({ key, title, type });

const USAGE_COLUMNS = [
  col("jobs", "Jobs", "integer"),
  col("pages", "Pages", "integer"),
  col("colourPages", "Colour pages", "integer"),
  col("monoPages", "Mono pages", "integer"),
  col("cost", "Cost", "money"),
];

// Pages count every copy. Money is kept in cents and becomes currency units
// in the query (the same IEEE division JavaScript would do), so that rows reach
// the writers as SQLite hands them over: copying each of a large report's rows
// in JavaScript (a spread of SQLite's row object) costs as much as writing it
// as CSV. The monthly summary builds its rows from SQLite's plain arrays
// instead, which costs less than SQLite's row objects (see monthlySummary).
const USAGE_SQL = `count(*) AS jobs,
  sum(j.pages * j.copies) AS pages,
  sum(CASE WHEN j.colour = 1 THEN j.pages * j.copies ELSE 0 END) AS colourPages,
  sum(CASE WHEN j.colour = 0 THEN j.pages * j.copies ELSE 0 END) AS monoPages,
  sum(j.cost_cents) / 100.0 AS cost`;

// Every print in the period: a job keeps printed_at when it is later deleted (by its user or by
// retention) and while it is being reprinted; a reprint is a row of its own. Failed jobs never count.
const PRINTED = "j.printed_at >= @from AND j.printed_at < @to AND j.state <> 'failed'";

type Raw = Record<string, string | number | null>;

/** Streams a query row by row (better-sqlite3 iterate), mapping each row for the writers where its columns need it. */
function stream(
  db: Db,
  sql: string,
  params: Record<string, unknown>,
  map?: (row: Raw) => ReportRow,
): Iterable<ReportRow> {
  const rows = db.prepare(sql).iterate(params) as IterableIterator<Raw>;
  return map ? mapped(rows, map) : rows;
}

function* mapped(rows: Iterable<Raw>, map: (row: Raw) => ReportRow): Iterable<ReportRow> {
  for (const row of rows) yield map(row);
}

/**
 * The organisation's monthly summary, one row per month, user and printer.
 * The query sorts by the names but hands over only ids and figures: names
 * are looked up in maps read first, in the same read transaction, so each
 * user's and printer's name is one JavaScript string however many rows show
 * it: a large report then takes markedly less CPU than with SQLite's row
 * objects carrying the names.
 */
function* monthlySummary(db: Db, scope: ReportScope): Iterable<ReportRow> {
  const snapshot = !db.inTransaction;
  if (snapshot) db.exec("BEGIN");
  try {
    const users = new Map<number, { username: string; fullname: string }>();
    for (const [id, username, fullname] of db
      .prepare("SELECT id, username, fullname FROM users")
      .raw()
      .iterate() as IterableIterator<[number, string, string]>) {
      users.set(id, { username, fullname });
    }
    const printers = new Map<number, { name: string; location: string | null }>();
    for (const [id, name, location] of db
      .prepare("SELECT id, name, location FROM printers")
      .raw()
      .iterate() as IterableIterator<[number, string, string | null]>) {
      printers.set(id, { name, location });
    }
    const rows = db
      .prepare(
        `SELECT strftime('%Y-%m', j.printed_at, 'unixepoch') AS month, j.user_id, j.printer_id, ${USAGE_SQL}
         FROM print_jobs j JOIN users u ON u.id = j.user_id JOIN printers p ON p.id = j.printer_id
         WHERE ${PRINTED}
         GROUP BY month, u.username, p.name, j.user_id, j.printer_id
         ORDER BY month, u.username, p.name, j.user_id, j.printer_id`,
      )
      .raw()
      .iterate({ from: scope.from, to: scope.to }) as IterableIterator<
      [string, number, number, number, number, number, number, number]
    >;
    for (const [month, userId, printerId, jobs, pages, colourPages, monoPages, cost] of rows) {
      // The joins above guarantee both exist in this snapshot.
      const user = users.get(userId)!;
      const printer = printers.get(printerId)!;
      yield {
        month,
        username: user.username,
        fullname: user.fullname,
        printer: printer.name,
        location: printer.location,
        jobs,
        pages,
        colourPages,
        monoPages,
        cost,
      };
    }
  } finally {
    if (snapshot && db.inTransaction) db.exec("COMMIT");
  }
}

const dateOf = (day: unknown) => new Date(`${String(day)}T00:00:00Z`);
const timeOf = (seconds: unknown) => new Date(Number(seconds) * 1000);

function ownParams(scope: ReportScope) {
  if (!scope.user) throw new Error("A personal report needs a user.");
  return { from: scope.from, to: scope.to, user: scope.user.id };
}

export const REPORTS: readonly ReportDefinition[] = [
  {
    id: 1,
    name: "My daily summary",
    audience: "user",
    columns: [col("day", "Date", "date"), ...USAGE_COLUMNS],
    rows: (db, scope) =>
      stream(
        db,
        `SELECT date(j.printed_at, 'unixepoch') AS day, ${USAGE_SQL}
         FROM print_jobs j WHERE j.user_id = @user AND ${PRINTED} GROUP BY day ORDER BY day`,
        ownParams(scope),
        (r) => ({ ...r, day: dateOf(r.day) }),
      ),
  },
  {
    id: 2,
    name: "My sessions",
    audience: "user",
    columns: [
      col("started", "Started", "datetime"),
      col("ended", "Ended", "datetime"),
      col("printer", "Printer", "text"),
      col("location", "Location", "text"),
      ...USAGE_COLUMNS,
    ],
    rows: (db, scope) =>
      stream(
        db,
        `SELECT s.started_at AS started, s.ended_at AS ended, p.name AS printer, p.location, ${USAGE_SQL}
         FROM print_sessions s JOIN printers p ON p.id = s.printer_id JOIN print_jobs j ON j.session_id = s.id
         WHERE s.user_id = @user AND ${PRINTED} GROUP BY s.id ORDER BY s.started_at`,
        ownParams(scope),
        (r) => ({ ...r, started: timeOf(r.started), ended: timeOf(r.ended) }),
      ),
  },
  {
    id: 3,
    name: "My monthly summary",
    audience: "user",
    columns: [col("month", "Month", "text"), ...USAGE_COLUMNS, col("duplexPages", "Duplex pages", "integer")],
    rows: (db, scope) =>
      stream(
        db,
        `SELECT strftime('%Y-%m', j.printed_at, 'unixepoch') AS month, ${USAGE_SQL},
           sum(CASE WHEN j.duplex = 1 THEN j.pages * j.copies ELSE 0 END) AS duplexPages
         FROM print_jobs j WHERE j.user_id = @user AND ${PRINTED} GROUP BY month ORDER BY month`,
        ownParams(scope),
      ),
  },
  {
    id: 4,
    name: "Monthly summary",
    audience: "organisation",
    columns: [
      col("month", "Month", "text"),
      col("username", "User name", "text"),
      col("fullname", "Full name", "text"),
      col("printer", "Printer", "text"),
      col("location", "Location", "text"),
      ...USAGE_COLUMNS,
    ],
    rows: monthlySummary,
  },
  {
    id: 5,
    name: "Usage by user",
    audience: "organisation",
    columns: [
      col("username", "User name", "text"),
      col("fullname", "Full name", "text"),
      col("email", "Email", "text"),
      ...USAGE_COLUMNS,
    ],
    rows: (db, scope) =>
      stream(
        db,
        `SELECT u.username, u.fullname, u.email, ${USAGE_SQL}
         FROM print_jobs j JOIN users u ON u.id = j.user_id
         WHERE ${PRINTED} GROUP BY j.user_id ORDER BY u.username`,
        { from: scope.from, to: scope.to },
      ),
  },
  {
    id: 6,
    name: "Usage by printer",
    audience: "organisation",
    columns: [
      col("printer", "Printer", "text"),
      col("location", "Location", "text"),
      col("model", "Model", "text"),
      ...USAGE_COLUMNS,
    ],
    rows: (db, scope) =>
      stream(
        db,
        `SELECT p.name AS printer, p.location, p.model, ${USAGE_SQL}
         FROM print_jobs j JOIN printers p ON p.id = j.printer_id
         WHERE ${PRINTED} GROUP BY j.printer_id ORDER BY p.name`,
        { from: scope.from, to: scope.to },
      ),
  },
  {
    id: 7,
    name: "Daily summary",
    audience: "organisation",
    columns: [col("day", "Date", "date"), col("users", "Users", "integer"), ...USAGE_COLUMNS],
    rows: (db, scope) =>
      stream(
        db,
        `SELECT date(j.printed_at, 'unixepoch') AS day, count(DISTINCT j.user_id) AS users, ${USAGE_SQL}
         FROM print_jobs j WHERE ${PRINTED} GROUP BY day ORDER BY day`,
        { from: scope.from, to: scope.to },
        (r) => ({ ...r, day: dateOf(r.day) }),
      ),
  },
];

/** Reports a token may see: users their own; clients and administrators also the organisation's. */
export function visibleReports(seesOrganisation: boolean, seesOwn: boolean): ReportDefinition[] {
  return REPORTS.filter((r) => (r.audience === "user" ? seesOwn : seesOrganisation));
}

/** The period every report covers: the last twelve calendar months up to now (UTC). */
export function reportPeriod(now = new Date()): { from: number; to: number } {
  return {
    from: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1) / 1000,
    to: Math.floor(now.getTime() / 1000) + 1,
  };
}
