import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeReport, type ReportRow } from "../../src/report-formats/index.js";
import { awkwardTable, run, withTempDir } from "./report-fixtures.js";

/** pdftotext's text and what it complained about: poppler reports a damaged file on stderr and still answers. */
async function readStrictly(file: string, args: string[] = []): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)("pdftotext", [...args, "-enc", "UTF-8", file, "-"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(stderr).toBe("");
  return stdout;
}

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

  it("sets every row of a long report on its page in order, repeated values and all, in a file poppler reads without complaint", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "many-pages.pdf");
      const count = 2500;
      function* rows(): Generator<ReportRow> {
        for (let i = 1; i <= count; i += 1) {
          // Values that repeat (as months, printers and user names do) next to ones that do not.
          yield {
            day: `2026-05-0${1 + (i % 3)}`,
            name: i % 2 ? `Row ${i} of the report` : `Row ${i} of the report, Žluťoučký kůň`,
            pages: i % 7,
            cost: i,
            printedAt: null,
          };
        }
      }
      await writeReport("pdf", awkwardTable(rows()), file);

      const pages = await pageCount(file);
      expect(pages).toBeGreaterThan(40);
      const text = await readStrictly(file);
      const numbers = [...text.matchAll(/Row (\d+) of the report/g)].map((m) => Number(m[1]));
      expect(numbers).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(text.match(/Žluťoučký kůň/g)).toHaveLength(count / 2);
      expect(text.match(/Page \d+/g)).toEqual(Array.from({ length: pages }, (_, i) => `Page ${i + 1}`));
      for (const value of ["2500.00", "1.00", "2026-05-01", "2026-05-03"]) expect(text).toContain(value);
    });
  });

  it("keeps kerned words whole and shortens what does not fit with an ellipsis", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "kerning.pdf");
      const long = `AVATAR Tower Wave ${"very long document name ".repeat(8)}END`;
      await writeReport("pdf", { ...awkwardTable([{ name: "AVATAR Tower Wave", cost: 1 }, { name: long }]) }, file);

      const text = await readStrictly(file);
      expect(text).toContain("AVATAR Tower Wave");
      expect(text).toMatch(/AVATAR Tower Wave very long[^\n]*…/);
      expect(text).not.toContain("END");
    });
  });

  it('says "No rows." on an empty report', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "empty.pdf");
      await writeReport("pdf", awkwardTable([]), file);
      const text = await readStrictly(file);
      expect(text).toContain("No rows.");
      expect(text).toContain("Page 1");
      expect(await pageCount(file)).toBe(1);
    });
  });
});
