import { cellText, isoDate, readCell, rowRecord } from "./cell-values.js";
import type { OutputFile } from "./output-file.js";
import type { ReportColumn, ReportTable } from "./report-table.js";
import { END_OF_ROWS, rowSource } from "./row-source.js";
import { COLUMN_WIDTHS, MAX_ROWS_PER_SHEET, sheetName, truncateCellText } from "./spreadsheet-layout.js";
import { escapeXmlAttribute as attr, escapeXmlText as text } from "./xml-escape.js";
import { ZipPackage } from "./zip-package.js";

const MIME_TYPE = "application/vnd.oasis.opendocument.spreadsheet";
const ODF_VERSION = "1.2";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = {
  office: "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
  style: "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
  text: "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
  table: "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
  number: "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0",
  fo: "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
  meta: "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
  dc: "http://purl.org/dc/elements/1.1/",
  manifest: "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0",
};
const CM_PER_CHARACTER = 0.21;

export interface OdsLimits {
  maxRowsPerSheet: number;
}

function namespaces(...prefixes: (keyof typeof NS)[]): string {
  return prefixes.map((prefix) => `xmlns:${prefix}="${NS[prefix]}"`).join(" ");
}

// ODF collapses runs of spaces and ignores a leading one, and a line break
// needs its own paragraph; <text:s>, <text:tab/> and <text:p> keep them.
function paragraphs(value: string): string {
  // Most text needs none of that, nor any escaping (see xml-escape.ts).
  if (!NEEDS_PARAGRAPH_CARE.test(value)) return `<text:p>${value}</text:p>`;
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const escaped = text(line)
        .replace(/\t/g, "<text:tab/>")
        .replace(/ {2,}/g, (spaces) => ` <text:s text:c="${spaces.length - 1}"/>`)
        .replace(/^ /, "<text:s/>")
        .replace(/ $/, "<text:s/>");
      return `<text:p>${escaped}</text:p>`;
    })
    .join("");
}

// Anything but characters XML takes as they are, two spaces in a row, or a space at either end.
const NEEDS_PARAGRAPH_CARE = /[^\u0020-\u0025\u0027-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD]| {2}|^ | $/;

/**
 * Short text repeats (a month, a user's or a printer's name on many rows):
 * its cell markup is kept per column, up to this many values of up to this
 * length, a few MB at most.
 */
const TEXT_CELLS_KEPT = 4096;
const TEXT_KEPT_CHARS = 256;

/**
 * One column's <table:table-cell> for a raw cell, checked. A null cell is
 * an empty one, as Excel and LibreOffice write it.
 */
function cellWriter(column: ReportColumn, currency: string | undefined): (raw: unknown) => string {
  const empty = "<table:table-cell/>";
  switch (column.type) {
    case "text": {
      const kept = new Map<string, string>();
      return (raw) => {
        const value = readCell(column, raw) as string | null;
        if (value === null) return empty;
        let xml = kept.get(value);
        if (xml === undefined) {
          xml = `<table:table-cell office:value-type="string">${paragraphs(truncateCellText(value))}</table:table-cell>`;
          if (value.length <= TEXT_KEPT_CHARS) {
            if (kept.size === TEXT_CELLS_KEPT) kept.clear();
            kept.set(value, xml);
          }
        }
        return xml;
      };
    }
    case "integer":
      return (raw) => {
        const value = readCell(column, raw) as number | null;
        if (value === null) return empty;
        const shown = String(value);
        return `<table:table-cell office:value-type="float" office:value="${shown}"><text:p>${shown}</text:p></table:table-cell>`;
      };
    case "money": {
      // The currency is an ISO 4217 code (three capitals): nothing to escape.
      const type =
        currency === undefined
          ? 'office:value-type="float"'
          : `office:value-type="currency" office:currency="${currency}"`;
      const unit = currency === undefined ? "" : ` ${currency}`;
      return (raw) => {
        const value = readCell(column, raw) as number | null;
        if (value === null) return empty;
        return `<table:table-cell table:style-name="ce_money" ${type} office:value="${value}"><text:p>${cellText(column, value)}${unit}</text:p></table:table-cell>`;
      };
    }
    case "date":
      return (raw) => {
        const value = readCell(column, raw) as Date | null;
        if (value === null) return empty;
        const day = isoDate(value);
        return `<table:table-cell table:style-name="ce_date" office:value-type="date" office:date-value="${day}"><text:p>${day}</text:p></table:table-cell>`;
      };
    case "datetime":
      return (raw) => {
        const value = readCell(column, raw) as Date | null;
        if (value === null) return empty;
        const instant = value.toISOString().slice(0, 19);
        return `<table:table-cell table:style-name="ce_datetime" office:value-type="date" office:date-value="${instant}"><text:p>${instant.replace("T", " ")}</text:p></table:table-cell>`;
      };
  }
}

function automaticStyles(columns: readonly ReportColumn[], currency: string | undefined): string {
  const twoDigits = (element: string) => `<number:${element} number:style="long"/>`;
  const dateParts = `${twoDigits("year")}<number:text>-</number:text>${twoDigits("month")}<number:text>-</number:text>${twoDigits("day")}`;
  const timeParts = `${twoDigits("hours")}<number:text>:</number:text>${twoDigits("minutes")}<number:text>:</number:text>${twoDigits("seconds")}`;
  const amount = '<number:number number:decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>';
  const money =
    currency === undefined
      ? `<number:number-style style:name="N_money">${amount}</number:number-style>`
      : `<number:currency-style style:name="N_money">${amount}<number:text> </number:text><number:currency-symbol>${currency}</number:currency-symbol></number:currency-style>`;
  const widths = [...new Set(columns.map((column) => column.type))]
    .map(
      (type) =>
        `<style:style style:name="co_${type}" style:family="table-column"><style:table-column-properties style:column-width="${(COLUMN_WIDTHS[type] * CM_PER_CHARACTER).toFixed(2)}cm"/></style:style>`,
    )
    .join("");
  return (
    `<office:automatic-styles>${widths}` +
    `<number:date-style style:name="N_date">${dateParts}</number:date-style>` +
    `<number:date-style style:name="N_datetime">${dateParts}<number:text> </number:text>${timeParts}</number:date-style>` +
    money +
    `<style:style style:name="ce_header" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style>` +
    `<style:style style:name="ce_money" style:family="table-cell" style:data-style-name="N_money"/>` +
    `<style:style style:name="ce_date" style:family="table-cell" style:data-style-name="N_date"/>` +
    `<style:style style:name="ce_datetime" style:family="table-cell" style:data-style-name="N_datetime"/>` +
    `</office:automatic-styles>`
  );
}

function tableHead(table: ReportTable, sheetNumber: number): string {
  const columns = table.columns.map((column) => `<table:table-column table:style-name="co_${column.type}"/>`).join("");
  const header = table.columns
    .map(
      (column) =>
        `<table:table-cell table:style-name="ce_header" office:value-type="string">${paragraphs(column.title)}</table:table-cell>`,
    )
    .join("");
  return (
    `<table:table table:name="${attr(sheetName(table.title, sheetNumber))}">${columns}` +
    `<table:table-header-rows><table:table-row>${header}</table:table-row></table:table-header-rows>`
  );
}

const MANIFEST =
  `${XML_HEAD}<manifest:manifest ${namespaces("manifest")} manifest:version="${ODF_VERSION}">` +
  `<manifest:file-entry manifest:full-path="/" manifest:version="${ODF_VERSION}" manifest:media-type="${MIME_TYPE}"/>` +
  `<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>` +
  `<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>` +
  `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>` +
  `</manifest:manifest>`;

const STYLES =
  `${XML_HEAD}<office:document-styles ${namespaces("office", "style", "fo")} office:version="${ODF_VERSION}">` +
  `<office:styles/></office:document-styles>`;

function metaXml(table: ReportTable, created: Date): string {
  const description = table.subtitle === undefined ? "" : `<dc:description>${text(table.subtitle)}</dc:description>`;
  return (
    `${XML_HEAD}<office:document-meta ${namespaces("office", "meta", "dc")} office:version="${ODF_VERSION}"><office:meta>` +
    `<dc:title>${text(table.title)}</dc:title>${description}` +
    `<meta:creation-date>${created.toISOString().slice(0, 19)}</meta:creation-date></office:meta></office:document-meta>`
  );
}

/**
 * OpenDocument spreadsheet: `mimetype` first and stored, the small parts, then
 * content.xml streamed row by row (one table per MAX_ROWS_PER_SHEET rows).
 */
export async function writeOds(
  table: ReportTable,
  out: OutputFile,
  limits: OdsLimits = { maxRowsPerSheet: MAX_ROWS_PER_SHEET },
): Promise<void> {
  const zip = new ZipPackage(out);
  const { columns, currency } = table;
  zip.addText("mimetype", MIME_TYPE, true);
  zip.addText("META-INF/manifest.xml", MANIFEST);
  zip.addText("styles.xml", STYLES);
  zip.addText("meta.xml", metaXml(table, new Date()));
  const content = zip.openEntry("content.xml");
  await content.write(
    `${XML_HEAD}<office:document-content ${namespaces("office", "style", "text", "table", "number", "fo")} office:version="${ODF_VERSION}">` +
      `${automaticStyles(columns, currency)}<office:body><office:spreadsheet>`,
  );
  let sheetNumber = 1;
  let rowsInSheet = 1;
  await content.write(tableHead(table, sheetNumber));
  const keys = columns.map((column) => column.key);
  const cells = columns.map((column) => cellWriter(column, currency));
  const rows = rowSource(table.rows);
  try {
    for (;;) {
      const next = rows.next();
      const row = next instanceof Promise ? await next : next;
      if (row === END_OF_ROWS) break;
      out.check();
      const record = rowRecord(row);
      let xml = "<table:table-row>";
      for (let i = 0; i < cells.length; i++) xml += cells[i]!(record[keys[i]!]);
      xml += "</table:table-row>";
      if (rowsInSheet === limits.maxRowsPerSheet) {
        sheetNumber += 1;
        rowsInSheet = 1;
        xml = `</table:table>${tableHead(table, sheetNumber)}${xml}`;
      }
      rowsInSheet += 1;
      if (content.push(xml)) await content.flush();
    }
  } catch (error) {
    rows.close();
    throw error;
  }
  await content.write("</table:table></office:spreadsheet></office:body></office:document-content>");
  await content.end();
  zip.end();
}
