import { cellText, readRow } from "./cell-values.js";
import type { OutputFile } from "./output-file.js";
import type { ReportTable } from "./report-table.js";
import { END_OF_ROWS, rowSource } from "./row-source.js";
import { TextSink } from "./text-sink.js";

// RFC 4180: comma-separated, CRLF after every record, and a field quoted
// when it holds a comma, a double quote or a line break, its quotes doubled.
// Written here rather than with csv-stringify: that one rule is all a report
// needs, and csv-stringify's per-field casting and options make a large
// report take markedly longer to write, for the same bytes.
const NEEDS_QUOTES = /[",\r\n]/;
const field = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

// Spreadsheets run a text cell starting with one of these as a formula (OWASP
// "CSV injection"); a leading apostrophe keeps it plain text. Only text
// columns are touched, so "-3.20" in a money column stays a number.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export async function writeCsv(table: ReportTable, out: OutputFile): Promise<void> {
  const sink = new TextSink(out, out.stream);
  const { columns } = table;
  await sink.write(`${columns.map((column) => field(column.title)).join(",")}\r\n`);
  const rows = rowSource(table.rows);
  try {
    for (;;) {
      const next = rows.next();
      const row = next instanceof Promise ? await next : next;
      if (row === END_OF_ROWS) break;
      out.check();
      const values = readRow(columns, row);
      let record = "";
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        const text = cellText(column, values[i] ?? null);
        record += `${i === 0 ? "" : ","}${field(column.type === "text" && FORMULA_START.test(text) ? `'${text}` : text)}`;
      }
      if (sink.push(`${record}\r\n`)) await sink.flush();
    }
  } catch (error) {
    rows.close();
    throw error;
  }
  await sink.end();
}
