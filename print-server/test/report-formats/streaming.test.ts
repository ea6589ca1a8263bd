import { getEventListeners } from "node:events";
import { access, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { REPORT_FORMATS, writeReport, type ReportRow } from "../../src/report-formats/index.js";
import { awkwardTable, failingRows, withTempDir } from "./report-fixtures.js";

// A real collection before each sample, so that what is measured is memory
// still held, not garbage waiting for the collector.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function heldMemory(): number {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe("streaming", () => {
  it("writes 300k CSV rows from a generator without holding them: held memory grows by far less than the file", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "big.csv");
      const samples: number[] = [];
      const baseline = heldMemory();
      function* rows(): Generator<ReportRow> {
        for (let i = 0; i < 300_000; i += 1) {
          if (i > 0 && i % 30_000 === 0) samples.push(heldMemory());
          yield {
            day: new Date(Date.UTC(2026, 0, 1 + (i % 365))),
            name: `Quarterly report draft, version ${i}: Žluťoučký kůň úpěl ďábelské ódy`,
            pages: i,
            cost: i / 100,
            printedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
          };
        }
      }
      await writeReport("csv", awkwardTable(rows()), file);

      const { size } = await stat(file);
      expect(size).toBeGreaterThan(30_000_000);
      expect(samples).toHaveLength(9);
      expect(Math.max(...samples) - baseline).toBeLessThan(size / 4);
    });
  }, 120_000);

  it("keeps held memory bounded over hundreds of PDF pages", async () => {
    await withTempDir(async (dir) => {
      const samples: number[] = [];
      const baseline = heldMemory();
      function* rows(): Generator<ReportRow> {
        for (let i = 0; i < 12_000; i += 1) {
          if (i > 0 && i % 2_000 === 0) samples.push(heldMemory());
          // Distinct words on every row, as real names and times are: what pdfkit's layout cache would keep.
          yield {
            day: "2026-05-01",
            name: `Document ${i} by user${i}`,
            pages: i,
            cost: i / 7,
            printedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
          };
        }
      }
      await writeReport("pdf", awkwardTable(rows()), join(dir, "long.pdf"));
      expect(samples).toHaveLength(5);
      // Without emptying pdfkit's caches this grows by about 0.3 MB a page, past 90 MB here.
      expect(Math.max(...samples) - baseline).toBeLessThan(40_000_000);
    });
  }, 120_000);

  it.each(REPORT_FORMATS)(
    "%s: a failing row iterator rejects with its error and leaves no partial file",
    async (format) => {
      await withTempDir(async (dir) => {
        const file = join(dir, `report.${format}`);
        const lost = new Error("database cursor lost");
        let sizeWhenFailing = -1;
        async function* rows(): AsyncGenerator<ReportRow> {
          try {
            // Enough rows that every format is past its buffers: with a few
            // thousand, the zipped XLSX has handed the file only a few bytes,
            // which a busy machine may not have written when the iterator fails.
            yield* failingRows(20_000, lost);
          } finally {
            sizeWhenFailing = (await stat(file)).size;
          }
        }
        await expect(writeReport(format, awkwardTable(rows()), file)).rejects.toBe(lost);
        // Rows were already on disk when the iterator failed: the file really was written as a stream.
        expect(sizeWhenFailing).toBeGreaterThan(0);
        expect(await exists(file)).toBe(false);
        expect(await readdir(dir)).toEqual([]);
      });
    },
  );

  it.each(REPORT_FORMATS)(
    "%s: gives the event loop turns while rows come from a synchronous iterator",
    async (format) => {
      await withTempDir(async (dir) => {
        // better-sqlite3 iterates synchronously: the writer itself must let the rest of the server run.
        let turns = 0;
        const timer = setInterval(() => (turns += 1), 0);
        let turnsBeforeLastRow = 0;
        function* rows(): Generator<ReportRow> {
          for (let i = 0; i < 3000; i += 1) {
            if (i === 2999) turnsBeforeLastRow = turns;
            yield { day: "2026-05-01", name: `Document ${i}`, pages: i, cost: i / 3, printedAt: null };
          }
        }
        try {
          await writeReport(format, awkwardTable(rows()), join(dir, `report.${format}`));
        } finally {
          clearInterval(timer);
        }
        expect(turnsBeforeLastRow).toBeGreaterThan(0);
      });
    },
  );

  it.each(REPORT_FORMATS)("%s: an abort stops the write, rejects and removes the file", async (format) => {
    await withTempDir(async (dir) => {
      const file = join(dir, `report.${format}`);
      const controller = new AbortController();
      let pulled = 0;
      async function* rows(): AsyncGenerator<ReportRow> {
        for (let i = 0; i < 100_000; i += 1) {
          pulled += 1;
          if (i === 500) controller.abort();
          await nextTurn();
          yield { day: null, name: `row ${i}`, pages: i, cost: null, printedAt: null };
        }
      }
      await expect(
        writeReport(format, awkwardTable(rows()), file, { signal: controller.signal }),
      ).rejects.toMatchObject({
        name: "AbortError",
      });
      expect(pulled).toBeLessThan(1000);
      expect(await exists(file)).toBe(false);
    });
  });

  it("lets go of a long-lived abort signal once a report is written", async () => {
    await withTempDir(async (dir) => {
      const shutdown = new AbortController();
      for (const format of REPORT_FORMATS) {
        await writeReport(format, awkwardTable(), join(dir, `report.${format}`), { signal: shutdown.signal });
      }
      expect(getEventListeners(shutdown.signal, "abort")).toHaveLength(0);
    });
  });

  it.each(REPORT_FORMATS)(
    "%s: a cell of the wrong type rejects, naming the column, and leaves no file",
    async (format) => {
      await withTempDir(async (dir) => {
        const file = join(dir, `report.${format}`);
        const rows = [
          { day: null, name: "ok", pages: 1, cost: 1, printedAt: null },
          { day: null, name: "bad", pages: "12", cost: 1, printedAt: null },
        ];
        await expect(writeReport(format, awkwardTable(rows as ReportRow[]), file)).rejects.toThrow(
          new TypeError('report column "pages" (integer) expects an integer'),
        );
        expect(await exists(file)).toBe(false);
      });
    },
  );

  it("rejects a table whose column keys are not plain names, before creating any file", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "report.xml");
      const table = { ...awkwardTable(), columns: [{ key: "bad key", title: "Bad", type: "text" as const }] };
      await expect(writeReport("xml", table, file)).rejects.toThrow(/plain XML name/);
      const currency = { ...awkwardTable(), currency: "euro" };
      await expect(writeReport("xml", currency, file)).rejects.toThrow(/ISO 4217/);
      expect(await exists(file)).toBe(false);
    });
  });

  it("rejects when the file cannot be created", async () => {
    await withTempDir(async (dir) => {
      await expect(writeReport("csv", awkwardTable(), join(dir, "missing", "report.csv"))).rejects.toMatchObject({
        code: "ENOENT",
      });
    });
  });
});
