import { mkdtemp, open, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeReport, type ReportFormat, type ReportRow } from "../../src/report-formats/index.js";
import { writeOds } from "../../src/report-formats/ods.js";
import { OutputFile } from "../../src/report-formats/output-file.js";
import { writeXlsx } from "../../src/report-formats/xlsx.js";
import { AWKWARD_NAME, awkwardRows, awkwardTable, run, withTempDir } from "./report-fixtures.js";

// LibreOffice is slow to start with a fresh profile.
const SOFFICE_TIMEOUT_MS = 180_000;
// Comma, double quote, UTF-8, from line 1, values as shown, every sheet to its own file.
const CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1";
const SPACED = "  two  spaces & 'apostrophe' > less ";

let profile: string;

beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), "report-formats-soffice-"));
});

afterAll(async () => {
  await rm(profile, { recursive: true, force: true });
});

async function soffice(file: string, convertTo: string, outDir: string): Promise<void> {
  await run(
    "soffice",
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      "--headless",
      "--norestore",
      "--convert-to",
      convertTo,
      "--outdir",
      outDir,
      file,
    ],
    SOFFICE_TIMEOUT_MS,
  );
}

/** Every sheet LibreOffice read from `file`, as CSV records, by sheet name. */
async function sheetsAsCsv(file: string, outDir: string): Promise<Map<string, string[][]>> {
  await soffice(file, CSV_FILTER, outDir);
  const base = file.slice(file.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");
  const sheets = new Map<string, string[][]>();
  for (const name of (await readdir(outDir)).sort()) {
    if (!name.startsWith(`${base}-`) || !name.endsWith(".csv")) continue;
    const content = await readFile(join(outDir, name), "utf8");
    sheets.set(name.slice(base.length + 1, -4), parse(content, { relax_column_count: true }) as string[][]);
  }
  return sheets;
}

function spreadsheetRows(): ReportRow[] {
  const rows = awkwardRows();
  rows[3] = { ...rows[3], name: SPACED };
  return rows;
}

// What LibreOffice shows: real dates and numbers in the writers' number formats.
const SHOWN = [
  ["Day", "Document, name", "Pages", "Cost", "Printed at"],
  ["2026-05-01", AWKWARD_NAME, "12", "-3.20 EUR", "2026-05-03 10:11:12"],
  ["2026-05-02", "=SUM(A1:A2)", "0", "1,234.50 EUR", ""],
  ["", "", "-7", "0.30 EUR", "2026-05-04 23:59:59"],
  ["2026-05-05", SPACED, "", "", "2026-05-05 08:00:00"],
];

const xpath = async (file: string, expression: string) =>
  (await run("xmllint", ["--xpath", expression, file])).replace(/\n$/, "");

describe.each(["xlsx", "ods"] satisfies ReportFormat[])("%s report", (format) => {
  it(
    "opens in LibreOffice with every value as written, dates and money as real typed cells",
    async () => {
      await withTempDir(async (dir) => {
        const file = join(dir, `report.${format}`);
        await writeReport(format, awkwardTable(spreadsheetRows()), file);

        const sheets = await sheetsAsCsv(file, join(dir, "csv"));
        expect([...sheets.keys()]).toEqual(["My monthly summary"]);
        expect(sheets.get("My monthly summary")).toEqual(SHOWN);

        // LibreOffice saves what it understood as flat ODF: the cell types show there.
        await soffice(file, "fods", join(dir, "fods"));
        const flat = join(dir, "fods", "report.fods");
        const cells = (type: string, attribute: string, value: string) =>
          xpath(
            flat,
            `count(//*[local-name()='table-cell'][@*[local-name()='value-type']='${type}'][@*[local-name()='${attribute}']='${value}'])`,
          );
        expect(await cells("date", "date-value", "2026-05-01")).toBe("1");
        expect(await cells("date", "date-value", "2026-05-03T10:11:12")).toBe("1");
        expect(await cells("float", "value", "12")).toBe("1");
        expect(await cells(format === "ods" ? "currency" : "float", "value", "-3.2")).toBe("1");
        expect(await cells(format === "ods" ? "currency" : "float", "value", "1234.5")).toBe("1");
      });
    },
    SOFFICE_TIMEOUT_MS,
  );

  it(
    "continues on a further sheet, header included, past the rows one sheet can hold",
    async () => {
      await withTempDir(async (dir) => {
        const file = join(dir, `long.${format}`);
        const rows = [
          ...spreadsheetRows(),
          { day: "2026-05-06", name: "fifth, literal _x0041_", pages: 5, cost: 5, printedAt: null },
        ];
        const out = new OutputFile(file);
        // Three rows per sheet: the header and two data rows.
        const limits = { maxRowsPerSheet: 3 };
        if (format === "xlsx") await writeXlsx(awkwardTable(rows), out, limits);
        else await writeOds(awkwardTable(rows), out, limits);
        await out.closed();

        const sheets = await sheetsAsCsv(file, join(dir, "csv"));
        expect(sheets).toEqual(
          new Map([
            ["My monthly summary", [SHOWN[0], SHOWN[1], SHOWN[2]]],
            ["My monthly summary (2)", [SHOWN[0], SHOWN[3], SHOWN[4]]],
            ["My monthly summary (3)", [SHOWN[0], ["2026-05-06", "fifth, literal _x0041_", "5", "5.00 EUR", ""]]],
          ]),
        );
      });
    },
    SOFFICE_TIMEOUT_MS,
  );
});

describe("ods container", () => {
  it("starts with the mimetype entry, stored and without extra fields, as ODF requires", async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, "report.ods");
      await writeReport("ods", awkwardTable(), file);
      const handle = await open(file);
      const { buffer } = await handle.read(Buffer.alloc(100), 0, 100, 0);
      await handle.close();
      const mimeType = "application/vnd.oasis.opendocument.spreadsheet";
      expect(buffer.readUInt32LE(0)).toBe(0x04034b50); // local file header
      expect(buffer.readUInt16LE(8)).toBe(0); // stored
      expect(buffer.readUInt16LE(26)).toBe("mimetype".length);
      expect(buffer.readUInt16LE(28)).toBe(0); // no extra field
      expect(buffer.toString("latin1", 30, 38)).toBe("mimetype");
      expect(buffer.toString("latin1", 38, 38 + mimeType.length)).toBe(mimeType);
    });
  });
});
