import { cellText, readCell, rowRecord } from "./cell-values.js";
import type { OutputFile } from "./output-file.js";
import type { ReportColumn, ReportTable } from "./report-table.js";
import { END_OF_ROWS, rowSource } from "./row-source.js";
import { TextSink } from "./text-sink.js";
import { escapeXmlAttribute as attr, escapeXmlText as text } from "./xml-escape.js";

/** One column's element for a raw cell, checked; "" for null. Numbers and dates need no escaping. */
function cellWriter(column: ReportColumn): (raw: unknown) => string {
  const open = `<${column.key}>`;
  const close = `</${column.key}>`;
  return (raw) => {
    const value = readCell(column, raw);
    if (value === null) return "";
    return open + (typeof value === "string" ? text(value) : cellText(column, value)) + close;
  };
}

/**
 * <report title subtitle currency><columns><column key type>Title</column>…</columns>
 * <rows><row><key>value</key>…</row>…</rows></report>
 * A null cell has no element, so it stays distinct from an empty string.
 */
export async function writeXml(table: ReportTable, out: OutputFile): Promise<void> {
  const sink = new TextSink(out, out.stream);
  const { columns } = table;
  const subtitle = table.subtitle === undefined ? "" : ` subtitle="${attr(table.subtitle)}"`;
  const currency = table.currency === undefined ? "" : ` currency="${attr(table.currency)}"`;
  await sink.write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<report title="${attr(table.title)}"${subtitle}${currency}>\n`,
  );
  await sink.write("  <columns>\n");
  for (const column of columns) {
    await sink.write(`    <column key="${attr(column.key)}" type="${column.type}">${text(column.title)}</column>\n`);
  }
  await sink.write("  </columns>\n  <rows>\n");
  const keys = columns.map((column) => column.key);
  const cells = columns.map(cellWriter);
  const rows = rowSource(table.rows);
  try {
    for (;;) {
      const next = rows.next();
      const row = next instanceof Promise ? await next : next;
      if (row === END_OF_ROWS) break;
      out.check();
      const record = rowRecord(row);
      let xml = "    <row>";
      for (let i = 0; i < cells.length; i++) xml += cells[i]!(record[keys[i]!]);
      if (sink.push(`${xml}</row>\n`)) await sink.flush();
    }
  } catch (error) {
    rows.close();
    throw error;
  }
  await sink.write("  </rows>\n</report>\n");
  await sink.end();
}
