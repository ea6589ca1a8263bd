import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import PDFDocument from "pdfkit";
import { cellText, readRow } from "./cell-values.js";
import type { OutputFile } from "./output-file.js";
import type { ReportColumn, ReportColumnType, ReportTable } from "./report-table.js";

// pdfkit's built-in fonts only cover WinAnsi; DejaVu also has the Czech, Polish,
// … letters that names and document titles contain, and pdfkit embeds it with
// a ToUnicode map so pdftotext gets the text back.
const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const REGULAR = join(FONT_DIR, "DejaVuSansCondensed.ttf");
const BOLD = join(FONT_DIR, "DejaVuSansCondensed-Bold.ttf");

const MARGIN = 40;
const FONT_SIZE = 8.5;
const ROW_HEIGHT = 13;
const HEADER_HEIGHT = 16;
const CELL_PADDING = 3;
const FOOTER_GAP = 30;
const MAX_MEASURED_CHARS = 300;
const CELL_SLACK = 2;
const PAGES_PER_LAYOUT_CACHE = 50;
// Positions are baselines, so that text in the two fonts lines up in a row.
const TEXT_OPTIONS = { lineBreak: false, baseline: "alphabetic" } as const;
// Baseline offsets from the top of each line's box.
const ROW_BASELINE = 9.5;
const HEADER_BASELINE = 11.5;
// pdfkit writes a page out when the next one starts and ignores stream
// backpressure, so past this many queued bytes the writer waits for the file.
const MAX_BUFFERED_BYTES = 1024 * 1024;

const COLUMN_WEIGHTS: Record<ReportColumnType, number> = {
  text: 3,
  integer: 1.1,
  money: 1.5,
  date: 1.4,
  datetime: 2.2,
};

interface LaidOutColumn {
  column: ReportColumn;
  x: number;
  width: number;
  alignRight: boolean;
  heading: string;
}

type Doc = InstanceType<typeof PDFDocument>;

function plain(value: string): string {
  return value
    .slice(0, MAX_MEASURED_CHARS)
    .normalize("NFC")
    .replace(/\p{Cs}/gu, "\uFFFD")
    .replace(/\p{Cc}+/gu, " ");
}

/**
 * Widths of text in one font and size, summed from cached per-character
 * advances. pdfkit measures by running a full fontkit layout, which is most of
 * the cost of a cell; this way each cell is laid out once, when drawn.
 * Kerning is ignored, hence CELL_SLACK.
 */
class Widths {
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly doc: Doc,
    readonly font: string,
    readonly size: number,
  ) {}

  use(): this {
    this.doc.font(this.font).fontSize(this.size);
    return this;
  }

  of(value: string): number {
    let width = 0;
    for (const char of value) width += this.char(char);
    return width;
  }

  private char(char: string): number {
    let width = this.cache.get(char);
    if (width === undefined) {
      width = this.doc.font(this.font).fontSize(this.size).widthOfString(char, TEXT_OPTIONS);
      this.cache.set(char, width);
    }
    return width;
  }

  /** `value` shortened with an ellipsis to fit `width`. */
  fit(value: string, width: number): string {
    if (this.of(value) <= width) return value;
    const room = width - this.char("…");
    let used = 0;
    let kept = "";
    for (const char of value) {
      used += this.char(char);
      if (used > room) break;
      kept += char;
    }
    return `${kept}…`;
  }
}

function layOut(table: ReportTable, usableWidth: number): LaidOutColumn[] {
  const total = table.columns.reduce((sum, column) => sum + COLUMN_WEIGHTS[column.type], 0);
  let x = MARGIN;
  return table.columns.map((column) => {
    const width = (usableWidth * COLUMN_WEIGHTS[column.type]) / total;
    const laidOut = {
      column,
      x,
      width,
      alignRight: column.type === "integer" || column.type === "money",
      heading: column.type === "money" && table.currency ? `${column.title} (${table.currency})` : column.title,
    };
    x += width;
    return laidOut;
  });
}

function drawCell(doc: Doc, widths: Widths, cell: LaidOutColumn, value: string, y: number): void {
  widths.use();
  const shown = widths.fit(plain(value), cell.width - 2 * CELL_PADDING - CELL_SLACK);
  if (shown === "") return;
  const x = cell.alignRight ? cell.x + cell.width - CELL_PADDING - widths.of(shown) : cell.x + CELL_PADDING;
  doc.text(shown, x, y, TEXT_OPTIONS);
}

// pdfkit caches the layout of every word it has set: that cache is most of
// its speed, but it never forgets, so it is emptied every few pages to keep
// memory flat. It is pdfkit's internal field; a pdfkit without it is left alone.
function forgetLayouts(doc: Doc): void {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: unknown }> })._fontFamilies;
  for (const font of Object.values(fonts ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null);
  }
}

/**
 * Called once per page: gives the event loop a turn, so that the finished
 * page reaches the file and a server running this stays responsive, then
 * waits while more than MAX_BUFFERED_BYTES are still queued.
 */
async function relieve(doc: Doc, out: OutputFile): Promise<void> {
  do {
    if (out.stream.writableNeedDrain) await out.drain(out.stream);
    else await nextTurn();
    out.check();
  } while (doc.readableLength > MAX_BUFFERED_BYTES);
}

/**
 * A4 table (landscape when the columns need it): title and subtitle on the
 * first page, the column headings repeated on every page, a page number at the
 * foot. Cells are one line, shortened with an ellipsis where they do not fit.
 */
export async function writePdf(table: ReportTable, out: OutputFile): Promise<void> {
  const weight = table.columns.reduce((sum, column) => sum + COLUMN_WEIGHTS[column.type], 0);
  const doc = new PDFDocument({
    size: "A4",
    layout: weight > 12 ? "landscape" : "portrait",
    margin: MARGIN,
    // Buffered pages would keep the whole document in memory.
    bufferPages: false,
    autoFirstPage: false,
    lang: "en",
    displayTitle: true,
    info: { Title: table.title, Subject: table.subtitle ?? "", Creator: "Print Portal print server" },
  });
  out.watch(doc);
  doc.pipe(out.stream);
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);

  const title = new Widths(doc, "bold", 16);
  const subtitle = new Widths(doc, "regular", 10);
  const small = new Widths(doc, "regular", 8);
  const heading = new Widths(doc, "bold", FONT_SIZE);
  const body = new Widths(doc, "regular", FONT_SIZE);
  // Numbers and dates are plain ASCII: a built-in PDF font sets them without
  // fontkit's layout, which halves the time per row.
  const figures = new Widths(doc, "Helvetica", FONT_SIZE);
  const line = (widths: Widths, value: string, x: number, y: number, width: number) => {
    widths.use();
    doc.text(widths.fit(plain(value), width), x, y, TEXT_OPTIONS);
  };

  let pageNumber = 0;
  let y = 0;
  let bottom = 0;
  let columns: LaidOutColumn[] = [];

  const startPage = async () => {
    doc.addPage();
    pageNumber += 1;
    if (pageNumber % PAGES_PER_LAYOUT_CACHE === 0) forgetLayouts(doc);
    await relieve(doc, out);
    const { width, height } = doc.page;
    const textWidth = width - 2 * MARGIN;
    if (pageNumber === 1) columns = layOut(table, textWidth);
    bottom = height - MARGIN - FOOTER_GAP;
    y = MARGIN;
    doc.fillColor("black");
    if (pageNumber === 1) {
      line(title, table.title, MARGIN, y + 15, textWidth);
      y += 24;
      if (table.subtitle) {
        line(subtitle, table.subtitle, MARGIN, y + 10, textWidth);
        y += 18;
      }
      y += 6;
    } else {
      doc.fillColor("#555555");
      line(small, table.subtitle ? `${table.title} · ${table.subtitle}` : table.title, MARGIN, y + 8, textWidth);
      y += 16;
    }
    doc.fillColor("#555555");
    const footer = `Page ${pageNumber}`;
    line(small, footer, (width - small.of(footer)) / 2, height - MARGIN + 8, textWidth);

    doc.fillColor("black");
    for (const cell of columns) drawCell(doc, heading, cell, cell.heading, y + HEADER_BASELINE);
    y += HEADER_HEIGHT;
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(width - MARGIN, y - 2)
      .lineWidth(0.7)
      .stroke("black");
  };

  await startPage();
  let rowCount = 0;
  for await (const row of table.rows) {
    out.check();
    const values = readRow(table.columns, row);
    if (y + ROW_HEIGHT > bottom) await startPage();
    columns.forEach((cell, i) =>
      drawCell(
        doc,
        cell.column.type === "text" ? body : figures,
        cell,
        cellText(cell.column, values[i] ?? null),
        y + ROW_BASELINE,
      ),
    );
    y += ROW_HEIGHT;
    rowCount += 1;
  }
  if (rowCount === 0) {
    doc.fillColor("#555555");
    line(body, "No rows.", MARGIN + CELL_PADDING, y + ROW_BASELINE, 200);
  }
  out.check();
  doc.end();
}
