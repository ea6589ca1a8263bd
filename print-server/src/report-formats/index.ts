// Report files for the print server: PDF, CSV, XML, XLSX and ODS, each
// written as a stream from an iterator of rows (see writeReport). Dates and
// date-times are UTC; money is rounded to cents. Text formats spell dates as
// ISO 8601, spreadsheets hold real date and number cells and continue on a
// new sheet past 1,048,576 rows. CSV prefixes a text cell that a spreadsheet
// would run as a formula (=, +, -, @) with an apostrophe.
import { writeCsv } from "./csv.js";
import { writeOds } from "./ods.js";
import { OutputFile } from "./output-file.js";
import { writePdf } from "./pdf.js";
import type { ReportFormat, ReportTable, WriteReportOptions } from "./report-table.js";
import { reportTableSchema } from "./table-schema.js";
import { writeXlsx } from "./xlsx.js";
import { writeXml } from "./xml.js";

export type {
  ReportCell,
  ReportColumn,
  ReportColumnType,
  ReportFormat,
  ReportRow,
  ReportTable,
  WriteReportOptions,
} from "./report-table.js";

export const REPORT_FORMATS: readonly ReportFormat[] = ["pdf", "csv", "xml", "xlsx", "ods"];

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8; header=present",
  xml: "application/xml; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
};

export const REPORT_FILE_EXTENSIONS: Record<ReportFormat, string> = {
  pdf: "pdf",
  csv: "csv",
  xml: "xml",
  xlsx: "xlsx",
  ods: "ods",
};

const WRITERS: Record<ReportFormat, (table: ReportTable, out: OutputFile) => Promise<void>> = {
  pdf: writePdf,
  csv: writeCsv,
  xml: writeXml,
  xlsx: (table, out) => writeXlsx(table, out),
  ods: (table, out) => writeOds(table, out),
};

export function isReportFormat(value: unknown): value is ReportFormat {
  return typeof value === "string" && (REPORT_FORMATS as readonly string[]).includes(value);
}

/**
 * Streams `table` into `filePath` as `format`, taking one row at a time from
 * its iterator and waiting whenever the disk is behind. Resolves once the file
 * is complete and closed. Rejects on a bad table, a bad cell, a failing row
 * iterator, a write error or an abort, and then removes the partial file.
 */
export async function writeReport(
  format: ReportFormat,
  table: ReportTable,
  filePath: string,
  options: WriteReportOptions = {},
): Promise<void> {
  if (!isReportFormat(format)) throw new TypeError("unknown report format");
  reportTableSchema.parse(table);
  const out = new OutputFile(filePath, options.signal);
  try {
    await WRITERS[format](table, out);
    await out.closed();
  } catch (error) {
    await out.discard();
    throw error;
  }
}
