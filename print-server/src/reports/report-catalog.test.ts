import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/open-database.js";
import { REPORTS } from "./report-catalog.js";

// What the report queries hand to the writers: which rows, in which order,
// with money in currency units and pages counting every copy.

const at = (iso: string) => Date.parse(iso) / 1000;
const period = { from: at("2026-05-01T00:00:00Z"), to: at("2026-08-01T00:00:00Z") };
const report = (name: string) => {
  const found = REPORTS.find((r) => r.name === name);
  if (!found) throw new Error(`no report ${name}`);
  return found;
};

type PrintFields = Partial<Record<string, unknown>> & {
  user: number;
  printer: number;
  when: string;
  printed?: boolean;
};

let db: Db;
let print: (fields: PrintFields) => void;

beforeEach(() => {
  ({ db } = openDatabase(":memory:"));
  const user = db.prepare("INSERT INTO users (id, username, fullname, created_at) VALUES (?, ?, ?, 0)");
  user.run(1, "bob", "Bob Builder");
  user.run(2, "Alice", "Alice Liddell");
  const printer = db.prepare("INSERT INTO printers (id, name, location, colour, duplex) VALUES (?, ?, ?, 1, 1)");
  printer.run(1, "Printer B", "Floor 2");
  printer.run(2, "Printer A", "Floor 1");
  const job = db.prepare(
    `INSERT INTO print_jobs (user_id, name, state, submitted_at, printed_at, printer_id, pages, copies, colour, duplex,
       cost_cents, retained_from)
     VALUES (@user, 'Document', @state, @submittedAt, @printedAt, @printer, @pages, @copies, @colour, @duplex, @cents,
       @submittedAt)`,
  );
  print = ({ printed, ...fields }: PrintFields) =>
    void job.run({
      state: "printed",
      pages: 1,
      copies: 1,
      colour: 0,
      duplex: 0,
      cents: 5,
      ...fields,
      submittedAt: at(fields.when),
      printedAt: printed === false ? null : at(fields.when),
    });
  // June: bob on both printers, Alice on printer B twice.
  print({ user: 1, printer: 1, when: "2026-06-03T10:00:00Z", pages: 2, copies: 3, colour: 1, cents: 90 });
  print({ user: 1, printer: 2, when: "2026-06-04T10:00:00Z", cents: 7 });
  print({ user: 2, printer: 1, when: "2026-06-05T10:00:00Z", pages: 4, duplex: 1, cents: 20 });
  print({ user: 2, printer: 1, when: "2026-06-05T11:00:00Z", cents: 10 });
  // May comes first, whoever printed it.
  print({ user: 1, printer: 1, when: "2026-05-20T10:00:00Z", cents: 3 });
  // Not in the reports: before the period, at its end, never printed (waiting, or deleted unprinted), failed.
  print({ user: 2, printer: 2, when: "2026-04-30T23:59:59Z" });
  print({ user: 2, printer: 2, when: "2026-08-01T00:00:00Z" });
  print({ user: 2, printer: 2, when: "2026-06-06T10:00:00Z", state: "ready", printed: false });
  print({ user: 2, printer: 2, when: "2026-06-06T11:00:00Z", state: "deleted", printed: false });
  print({ user: 1, printer: 2, when: "2026-06-06T10:00:00Z", state: "failed" });
});

afterEach(() => db.close());

describe("report queries", () => {
  it("Monthly summary: one row per month, user and printer, ordered by month, user name and printer name", () => {
    const rows = [...report("Monthly summary").rows(db, period)];
    expect(rows).toEqual([
      {
        month: "2026-05",
        username: "bob",
        fullname: "Bob Builder",
        printer: "Printer B",
        location: "Floor 2",
        jobs: 1,
        pages: 1,
        colourPages: 0,
        monoPages: 1,
        cost: 0.03,
      },
      {
        month: "2026-06",
        username: "Alice",
        fullname: "Alice Liddell",
        printer: "Printer B",
        location: "Floor 2",
        jobs: 2,
        pages: 5,
        colourPages: 0,
        monoPages: 5,
        cost: 0.3,
      },
      {
        month: "2026-06",
        username: "bob",
        fullname: "Bob Builder",
        printer: "Printer A",
        location: "Floor 1",
        jobs: 1,
        pages: 1,
        colourPages: 0,
        monoPages: 1,
        cost: 0.07,
      },
      {
        month: "2026-06",
        username: "bob",
        fullname: "Bob Builder",
        printer: "Printer B",
        location: "Floor 2",
        jobs: 1,
        pages: 6,
        colourPages: 6,
        monoPages: 0,
        cost: 0.9,
      },
    ]);
  });

  it("My monthly summary: only the user's own printing, duplex pages too", () => {
    const rows = [...report("My monthly summary").rows(db, { ...period, user: { id: 2, fullname: "Alice Liddell" } })];
    expect(rows).toEqual([
      { month: "2026-06", jobs: 2, pages: 5, colourPages: 0, monoPages: 5, cost: 0.3, duplexPages: 4 },
    ]);
  });

  it("counts a print whatever became of its job: deleted later, or being reprinted", () => {
    const before = [...report("Usage by user").rows(db, period)].map((r) => [r.username, r.jobs, r.cost]);
    print({ user: 2, printer: 1, when: "2026-07-01T10:00:00Z", state: "deleted", cents: 11 });
    print({ user: 2, printer: 1, when: "2026-07-02T10:00:00Z", state: "processing", cents: 13 });
    expect([...report("Usage by user").rows(db, period)].map((r) => [r.username, r.jobs, r.cost])).toEqual([
      ["Alice", 4, 0.54],
      before[1],
    ]);
  });

  it("Daily summary and Usage by user: dates as Dates, money in currency units", () => {
    expect([...report("Daily summary").rows(db, period)]).toEqual([
      { day: new Date("2026-05-20T00:00:00Z"), users: 1, jobs: 1, pages: 1, colourPages: 0, monoPages: 1, cost: 0.03 },
      { day: new Date("2026-06-03T00:00:00Z"), users: 1, jobs: 1, pages: 6, colourPages: 6, monoPages: 0, cost: 0.9 },
      { day: new Date("2026-06-04T00:00:00Z"), users: 1, jobs: 1, pages: 1, colourPages: 0, monoPages: 1, cost: 0.07 },
      { day: new Date("2026-06-05T00:00:00Z"), users: 1, jobs: 2, pages: 5, colourPages: 0, monoPages: 5, cost: 0.3 },
    ]);
    expect([...report("Usage by user").rows(db, period)].map((r) => [r.username, r.jobs, r.cost])).toEqual([
      ["Alice", 2, 0.3],
      ["bob", 3, 1],
    ]);
  });
});
