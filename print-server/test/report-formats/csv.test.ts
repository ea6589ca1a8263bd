import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { REPORT_CONTENT_TYPES, writeReport } from "../../src/report-formats/index.js";
import { AWKWARD_TEXT, awkwardTable, COLUMNS, withTempDir } from "./report-fixtures.js";

describe("CSV report", () => {
  it("is RFC 4180: a header row of titles, CRLF records, quoted separators, quotes and line breaks", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "report.csv");
      await writeReport("csv", awkwardTable(), file);
      const content = await readFile(file, "utf8");

      const records = parse(content, { bom: false, relax_quotes: false, relax_column_count: false }) as string[][];
      const expected = AWKWARD_TEXT.map((row) => [...row]);
      // A text cell that a spreadsheet would run as a formula is kept as text.
      expected[1]![1] = "'=SUM(A1:A2)";
      expect(records).toEqual([COLUMNS.map((column) => column.title), ...expected]);

      expect(content.startsWith('Day,"Document, name",Pages,Cost,Printed at\r\n')).toBe(true);
      expect(content.endsWith("\r\n")).toBe(true);
      expect(content).toContain('"Žluťoučký kůň, ""quoted""\nsecond line <&>"');
      expect(content.split("\r\n")).toHaveLength(1 + AWKWARD_TEXT.length + 1);
    });
  });

  it("writes just the header for a report without rows, from an async iterable", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "empty.csv");
      async function* none() {}
      await writeReport("csv", awkwardTable(none()), file);
      expect(await readFile(file, "utf8")).toBe('Day,"Document, name",Pages,Cost,Printed at\r\n');
    });
  });

  it("is served as UTF-8 CSV with a header", () => {
    expect(REPORT_CONTENT_TYPES.csv).toBe("text/csv; charset=utf-8; header=present");
  });
});
