import { stringify, type Options } from "csv-stringify/sync";
import { cellText, readRow } from "./cell-values.js";
import type { OutputFile } from "./output-file.js";
import type { ReportTable } from "./report-table.js";
import { END_OF_ROWS, rowSource } from "./row-source.js";
import { TextSink } from "./text-sink.js";

// RFC 4180: comma, double quotes, CRLF after every record.
const CSV_OPTIONS: Options = { delimiter: ",", quote: '"', record_delimiter: "\r\n", eof: true };
const ROWS_PER_BATCH = 256;

// Spreadsheets run a text cell starting with one of these as a formula (OWASP
// "CSV injection"); a leading apostrophe keeps it plain text. Only text
// columns are touched, so "-3.20" in a money column stays a number.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export async function writeCsv(table: ReportTable, out: OutputFile): Promise<void> {
  const sink = new TextSink(out, out.stream);
  const { columns } = table;
  await sink.write(stringify([columns.map((column) => column.title)], CSV_OPTIONS));
  let batch: string[][] = [];
  const rows = rowSource(table.rows);
  try {
    for (;;) {
      const next = rows.next();
      const row = next instanceof Promise ? await next : next;
      if (row === END_OF_ROWS) break;
      out.check();
      const values = readRow(columns, row);
      batch.push(
        columns.map((column, i) => {
          const text = cellText(column, values[i] ?? null);
          return column.type === "text" && FORMULA_START.test(text) ? `'${text}` : text;
        }),
      );
      if (batch.length === ROWS_PER_BATCH) {
        await sink.write(stringify(batch, CSV_OPTIONS));
        batch = [];
      }
    }
  } catch (error) {
    rows.close();
    throw error;
  }
  if (batch.length > 0) await sink.write(stringify(batch, CSV_OPTIONS));
  await sink.end();
}
