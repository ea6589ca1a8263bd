import { cellText, readRow } from "./cell-values.js";
import type { OutputFile } from "./output-file.js";
import type { ReportTable } from "./report-table.js";
import { TextSink } from "./text-sink.js";
import { escapeXmlAttribute as attr, escapeXmlText as text } from "./xml-escape.js";

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
  for await (const row of table.rows) {
    out.check();
    const values = readRow(columns, row);
    let xml = "    <row>";
    columns.forEach((column, i) => {
      const value = values[i] ?? null;
      if (value !== null) xml += `<${column.key}>${text(cellText(column, value))}</${column.key}>`;
    });
    await sink.write(`${xml}</row>\n`);
  }
  await sink.write("  </rows>\n</report>\n");
  await sink.end();
}
