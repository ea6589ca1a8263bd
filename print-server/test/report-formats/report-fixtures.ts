import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ReportRow, ReportTable } from "../../src/report-formats/index.js";

const execFileAsync = promisify(execFile);

/** Runs a real reader (xmllint, pdftotext, soffice) and returns its stdout; a missing tool fails the test. */
export async function run(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const { stdout } = await execFileAsync(command, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export async function withTempDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "report-formats-"));
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const COLUMNS: ReportTable["columns"] = [
  { key: "day", title: "Day", type: "date" },
  { key: "name", title: "Document, name", type: "text" },
  { key: "pages", title: "Pages", type: "integer" },
  { key: "cost", title: "Cost", type: "money" },
  { key: "printedAt", title: "Printed at", type: "datetime" },
];

export const AWKWARD_NAME = 'Žluťoučký kůň, "quoted"\nsecond line <&>';

/** Rows with every awkward value the writers must carry: separators, quotes, line breaks, markup, non-ASCII, negative money, nulls. */
export function awkwardRows(): ReportRow[] {
  return [
    {
      day: new Date("2026-05-01T00:00:00Z"),
      name: AWKWARD_NAME,
      pages: 12,
      cost: -3.2,
      printedAt: new Date("2026-05-03T10:11:12.345Z"),
    },
    { day: "2026-05-02", name: "=SUM(A1:A2)", pages: 0, cost: 1234.5, printedAt: null },
    { day: null, name: null, pages: -7, cost: 0.1 + 0.2, printedAt: "2026-05-04T23:59:59Z" },
    {
      day: new Date("2026-05-05T00:00:00Z"),
      name: "tab\there & 'apostrophe' > less",
      pages: null,
      cost: null,
      printedAt: new Date("2026-05-05T08:00:00Z"),
    },
  ];
}

/** The same rows as the text formats spell them (before CSV's formula guard). */
export const AWKWARD_TEXT: string[][] = [
  ["2026-05-01", AWKWARD_NAME, "12", "-3.20", "2026-05-03T10:11:12Z"],
  ["2026-05-02", "=SUM(A1:A2)", "0", "1234.50", ""],
  ["", "", "-7", "0.30", "2026-05-04T23:59:59Z"],
  ["2026-05-05", "tab\there & 'apostrophe' > less", "", "", "2026-05-05T08:00:00Z"],
];

export function awkwardTable(rows: ReportTable["rows"] = awkwardRows()): ReportTable {
  return {
    title: "My monthly summary",
    subtitle: "Alice Liddell, 2026-05-01 to 2026-11-21",
    currency: "EUR",
    columns: COLUMNS,
    rows,
  };
}

/** Yields `count` rows, then throws as a database cursor that lost its connection would. */
export async function* failingRows(count: number, error: Error): AsyncGenerator<ReportRow> {
  for (let i = 0; i < count; i += 1) {
    yield { day: new Date(Date.UTC(2026, 0, 1)), name: `Document ${i}`, pages: i, cost: i / 4, printedAt: new Date() };
  }
  throw error;
}
