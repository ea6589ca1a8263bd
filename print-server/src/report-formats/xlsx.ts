import { readRow, type CellValue } from "./cell-values.js";
import type { OutputFile } from "./output-file.js";
import type { ReportColumn, ReportTable } from "./report-table.js";
import { END_OF_ROWS, rowSource } from "./row-source.js";
import { COLUMN_WIDTHS, MAX_ROWS_PER_SHEET, sheetName, truncateCellText } from "./spreadsheet-layout.js";
import type { TextSink } from "./text-sink.js";
import { escapeXmlAttribute as attr, escapeXmlText as text } from "./xml-escape.js";
import { ZipPackage } from "./zip-package.js";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";

// Indexes into cellXfs in styles.xml.
const STYLE = { header: 1, money: 2, date: 3, datetime: 4 } as const;
const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day
const MS_PER_DAY = 86_400_000;

export interface XlsxLimits {
  maxRowsPerSheet: number;
}

function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

// Excel reads "_x0041_" in a string as an escaped "A"; escaping the
// underscore ("_x005F_") keeps such text literal.
function inlineString(value: string): string {
  return `<is><t xml:space="preserve">${text(truncateCellText(value).replace(/_(x[0-9A-Fa-f]{4}_)/g, "_x005F_$1"))}</t></is>`;
}

function cellXml(column: ReportColumn, ref: string, value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "string") {
    // Inline strings: no shared-strings table to hold in memory.
    return `<c r="${ref}" t="inlineStr">${inlineString(value)}</c>`;
  }
  if (typeof value === "number") {
    const style = column.type === "money" ? ` s="${STYLE.money}"` : "";
    return `<c r="${ref}"${style}><v>${value}</v></c>`;
  }
  const serial = value.getTime() / MS_PER_DAY + EXCEL_EPOCH_DAYS;
  return `<c r="${ref}" s="${column.type === "date" ? STYLE.date : STYLE.datetime}"><v>${serial}</v></c>`;
}

function sheetHead(columns: readonly ReportColumn[], letters: readonly string[]): string {
  const cols = columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${COLUMN_WIDTHS[column.type]}" customWidth="1"/>`)
    .join("");
  const header = columns
    .map((column, i) => `<c r="${letters[i]}1" t="inlineStr" s="${STYLE.header}">${inlineString(column.title)}</c>`)
    .join("");
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  );
}

function stylesXml(currency: string | undefined): string {
  const money = currency === undefined ? "#,##0.00" : `#,##0.00 "${currency}"`;
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="3"><numFmt numFmtId="164" formatCode="${attr(money)}"/>` +
    `<numFmt numFmtId="165" formatCode="yyyy-mm-dd"/><numFmt numFmtId="166" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>` +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>` +
    `<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
    `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
    `<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
    `<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
    `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`
  );
}

function workbookXml(title: string, sheetRows: readonly number[], lastLetter: string): string {
  const names = sheetRows.map((_, i) => sheetName(title, i + 1));
  const sheets = names.map((name, i) => `<sheet name="${attr(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("");
  // Excel expects the autofilter range of each sheet as a hidden defined name too.
  const filters = names
    .map(
      (name, i) =>
        `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">` +
        `${text(`'${name.replaceAll("'", "''")}'!$A$1:$${lastLetter}$${sheetRows[i]}`)}</definedName>`,
    )
    .join("");
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
    `<sheets>${sheets}</sheets><definedNames>${filters}</definedNames></workbook>`
  );
}

function workbookRelsXml(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join("");
  return `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${sheets}<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
}

function contentTypesXml(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join("");
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
    `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
    `${sheets}</Types>`
  );
}

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="${PKG_REL_NS}/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

function corePropertiesXml(table: ReportTable, created: Date): string {
  const description = table.subtitle === undefined ? "" : `<dc:description>${text(table.subtitle)}</dc:description>`;
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:title>${text(table.title)}</dc:title>${description}` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().slice(0, 19)}Z</dcterms:created></cp:coreProperties>`
  );
}

/**
 * Office Open XML workbook. The worksheets are streamed into the zip first;
 * the parts that list them ([Content_Types].xml, workbook.xml and its rels)
 * follow once the sheet count is known. Zip readers find parts through the
 * central directory, so their order does not matter.
 */
export async function writeXlsx(
  table: ReportTable,
  out: OutputFile,
  limits: XlsxLimits = { maxRowsPerSheet: MAX_ROWS_PER_SHEET },
): Promise<void> {
  const zip = new ZipPackage(out);
  const { columns } = table;
  const letters = columns.map((_, i) => columnLetters(i));
  const lastLetter = letters[letters.length - 1] ?? "A";
  const sheetRows: number[] = [];
  let rowNumber = 0;

  const startSheet = async (): Promise<TextSink> => {
    const sink = zip.openEntry(`xl/worksheets/sheet${sheetRows.length + 1}.xml`);
    rowNumber = 1;
    await sink.write(sheetHead(columns, letters));
    return sink;
  };
  const endSheet = async (sink: TextSink) => {
    sheetRows.push(rowNumber);
    await sink.write(`</sheetData><autoFilter ref="A1:${lastLetter}${rowNumber}"/></worksheet>`);
    await sink.end();
  };

  let sheet = await startSheet();
  const rows = rowSource(table.rows);
  try {
    for (;;) {
      const next = rows.next();
      const row = next instanceof Promise ? await next : next;
      if (row === END_OF_ROWS) break;
      out.check();
      const values = readRow(columns, row);
      if (rowNumber === limits.maxRowsPerSheet) {
        await endSheet(sheet);
        sheet = await startSheet();
      }
      rowNumber += 1;
      let xml = `<row r="${rowNumber}">`;
      for (let i = 0; i < columns.length; i++) {
        xml += cellXml(columns[i]!, `${letters[i]}${rowNumber}`, values[i] ?? null);
      }
      if (sheet.push(`${xml}</row>`)) await sheet.flush();
    }
  } catch (error) {
    rows.close();
    throw error;
  }
  await endSheet(sheet);

  zip.addText("xl/styles.xml", stylesXml(table.currency));
  zip.addText("xl/workbook.xml", workbookXml(table.title, sheetRows, lastLetter));
  zip.addText("xl/_rels/workbook.xml.rels", workbookRelsXml(sheetRows.length));
  zip.addText("docProps/core.xml", corePropertiesXml(table, new Date()));
  zip.addText("_rels/.rels", ROOT_RELS);
  zip.addText("[Content_Types].xml", contentTypesXml(sheetRows.length));
  zip.end();
}
