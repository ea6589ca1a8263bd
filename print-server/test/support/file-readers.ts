import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";

const run = promisify(execFile);

/**
 * Opens a report file with the usual reader of its format (Debian packages
 * poppler-utils, libxml2-utils, libreoffice-calc-nogui; csv-parse for CSV)
 * and returns its text.
 */
export async function readWithRealReader(format: string, bytes: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "report-reader-"));
  try {
    const file = path.join(dir, `report.${format}`);
    writeFileSync(file, bytes);
    if (format === "pdf") return (await run("pdftotext", ["-layout", file, "-"])).stdout;
    if (format === "xml") {
      await run("xmllint", ["--noout", file]);
      return bytes.toString("utf8");
    }
    if (format === "csv") {
      // RFC 4180 read strictly: CRLF records, a header row, the same number of fields in every record.
      const records = parse(bytes, {
        bom: false,
        record_delimiter: "\r\n",
        relax_quotes: false,
        relax_column_count: false,
      }) as string[][];
      if (records.length < 2) throw new Error("the CSV has no data rows under its header");
      return records.map((r) => r.join("\t")).join("\n");
    }
    // A profile of its own, so parallel conversions do not share LibreOffice's lock.
    await run(
      "soffice",
      [
        `-env:UserInstallation=file://${dir}/profile`,
        "--headless",
        "--convert-to",
        "csv",
        "--outdir",
        path.join(dir, "out"),
        file,
      ],
      { timeout: 120_000 },
    );
    return readFileSync(path.join(dir, "out", "report.csv"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
