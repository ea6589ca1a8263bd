import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeReport } from "../../src/report-formats/index.js";
import { AWKWARD_NAME, awkwardRows, awkwardTable, COLUMNS, run, withTempDir } from "./report-fixtures.js";

// xmllint ends what it prints with one newline of its own.
const xpath = async (file: string, expression: string) =>
  (await run("xmllint", ["--xpath", expression, file])).replace(/\n$/, "");

describe("XML report", () => {
  it("is well-formed for xmllint and carries every value back unchanged", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "report.xml");
      const rows = awkwardRows();
      rows.push({
        day: null,
        name: "line\r\nbreak and a bell \u0007 and a lone \uD800",
        pages: 1,
        cost: 1,
        printedAt: null,
      });
      await writeReport("xml", awkwardTable(rows), file);

      await run("xmllint", ["--noout", file]);
      expect(await xpath(file, "string(/report/@title)")).toBe("My monthly summary");
      expect(await xpath(file, "string(/report/@subtitle)")).toBe("Alice Liddell, 2026-05-01 to 2026-11-21");
      expect(await xpath(file, "string(/report/@currency)")).toBe("EUR");
      expect(await xpath(file, "count(/report/columns/column)")).toBe(String(COLUMNS.length));
      expect(await xpath(file, "string(/report/columns/column[2])")).toBe("Document, name");
      expect(await xpath(file, "count(/report/rows/row)")).toBe("5");
      expect(await xpath(file, "string(/report/rows/row[1]/name)")).toBe(AWKWARD_NAME);
      expect(await xpath(file, "string(/report/rows/row[1]/cost)")).toBe("-3.20");
      expect(await xpath(file, "string(/report/rows/row[1]/printedAt)")).toBe("2026-05-03T10:11:12Z");
      expect(await xpath(file, "string(/report/rows/row[2]/day)")).toBe("2026-05-02");
      expect(await xpath(file, "string(/report/rows/row[3]/cost)")).toBe("0.30");
      // A null cell has no element at all.
      expect(await xpath(file, "count(/report/rows/row[3]/name)")).toBe("0");
      expect(await xpath(file, "string(/report/rows/row[4]/name)")).toBe("tab\there & 'apostrophe' > less");
      // CR survives as a character reference; characters XML cannot hold become U+FFFD.
      expect(await xpath(file, "string(/report/rows/row[5]/name)")).toBe(
        "line\r\nbreak and a bell \uFFFD and a lone \uFFFD",
      );

      const content = await readFile(file, "utf8");
      expect(content.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(content).toContain("&lt;&amp;&gt;");
    });
  });
});
