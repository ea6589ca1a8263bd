import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeReport, type ReportRow } from "../../src/report-formats/index.js";
import { awkwardTable, run, withTempDir } from "./report-fixtures.js";

async function pageCount(file: string): Promise<number> {
  const info = await run("pdfinfo", [file]);
  return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
}

describe("PDF report", () => {
  it("has text that pdftotext extracts: title, subtitle, headings, non-ASCII names, money and dates", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "report.pdf");
      await writeReport("pdf", awkwardTable(), file);

      const bytes = await readFile(file);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");

      const text = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
      for (const expected of [
        "My monthly summary",
        "Alice Liddell, 2026-05-01 to 2026-11-21",
        "Document, name",
        "Cost (EUR)",
        "Printed at",
        'Žluťoučký kůň, "quoted"',
        "=SUM(A1:A2)",
        "-3.20",
        "1234.50",
        "0.30",
        "-7",
        "2026-05-03T10:11:12Z",
        "2026-05-02",
        "tab here & 'apostrophe' > less",
        "Page 1",
      ]) {
        expect(text).toContain(expected);
      }
      expect(await pageCount(file)).toBe(1);
    });
  });

  it("breaks pages and repeats the column headings on each", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "long.pdf");
      function* rows(): Generator<ReportRow> {
        for (let i = 1; i <= 150; i += 1) {
          yield { day: "2026-05-01", name: `Document number ${i}`, pages: i, cost: i / 10, printedAt: null };
        }
      }
      await writeReport("pdf", awkwardTable(rows()), file);

      const pages = await pageCount(file);
      expect(pages).toBeGreaterThanOrEqual(3);
      const seen = new Set<string>();
      for (let page = 1; page <= pages; page += 1) {
        const text = await run("pdftotext", ["-enc", "UTF-8", "-f", String(page), "-l", String(page), file, "-"]);
        expect(text).toContain("Document, name");
        expect(text).toContain("Cost (EUR)");
        expect(text).toContain(`Page ${page}`);
        for (const match of text.matchAll(/Document number (\d+)/g)) seen.add(match[1] ?? "");
      }
      expect(seen.size).toBe(150);
    });
  });
});
