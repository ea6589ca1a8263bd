import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import PDFDocument from "pdfkit";
import { cellText, readRow } from "./cell-values.js";
import { ChunkBatcher } from "./chunk-batcher.js";
import type { OutputFile } from "./output-file.js";
import { PageContent } from "./pdf-page-content.js";
import { Face, PageText, type SetText } from "./pdf-text.js";
import type { ReportColumnType, ReportTable } from "./report-table.js";
import { END_OF_ROWS, rowSource } from "./row-source.js";

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
/** Running heads, page numbers and "No rows." are dark gray. */
const GRAY = 0.33;
const CELL_SLACK = 2;
const PAGES_PER_LAYOUT_CACHE = 50;
// Positions are baselines, so that text in the two fonts lines up in a row:
// these are the baselines' offsets from the top of each line's box.
const ROW_BASELINE = 9.5;
const HEADER_BASELINE = 11.5;
// pdfkit writes a page out when the next one starts and ignores stream
// backpressure, so past this many queued bytes the writer waits for the file.
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Pages whose text may wait for compression at once (each about 20 kB). */
const MAX_PAGES_COMPRESSING = 8;

const COLUMN_WEIGHTS: Record<ReportColumnType, number> = {
  text: 3,
  integer: 1.1,
  money: 1.5,
  date: 1.4,
  datetime: 2.2,
};

interface LaidOutColumn {
  x: number;
  width: number;
  alignRight: boolean;
  face: Face;
  heading: SetText;
  /** The column's cell text, fitted and encoded (cached). */
  cell: (text: string) => SetText;
}

type Doc = InstanceType<typeof PDFDocument>;

interface Faces {
  heading: Face;
  /** Text cells. */
  body: Face;
  /** Number and date cells. */
  figures: Face;
}

/**
 * The DejaVu fonts as fontkit parsed them, kept for the next report of this
 * thread: fontkit reads a font's layout tables lazily, on the first texts it
 * sets, which costs several tenths of a second per font and report
 * otherwise. pdfkit takes a parsed font in place of a file (0.20) and still
 * makes each document its own subset.
 */
const parsedFonts = new Map<string, unknown>();

function registerFont(doc: Doc, name: string, file: string): void {
  doc.registerFont(name, (parsedFonts.get(file) ?? file) as string);
  doc.font(name);
  const parsed = (doc as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
  if (typeof parsed?.layout === "function") parsedFonts.set(file, parsed);
}

function layOut(table: ReportTable, usableWidth: number, faces: Faces): LaidOutColumn[] {
  const total = table.columns.reduce((sum, column) => sum + COLUMN_WEIGHTS[column.type], 0);
  let x = MARGIN;
  return table.columns.map((column) => {
    const width = (usableWidth * COLUMN_WEIGHTS[column.type]) / total;
    const room = width - 2 * CELL_PADDING - CELL_SLACK;
    const face = column.type === "text" ? faces.body : faces.figures;
    const heading = column.type === "money" && table.currency ? `${column.title} (${table.currency})` : column.title;
    const laidOut = {
      x,
      width,
      alignRight: column.type === "integer" || column.type === "money",
      face,
      heading: faces.heading.fitted(heading, room),
      cell: face.column(room),
    };
    x += width;
    return laidOut;
  });
}

function drawCell(page: PageText, face: Face, cell: LaidOutColumn, shown: SetText, y: number): void {
  const x = cell.alignRight ? cell.x + cell.width - CELL_PADDING - shown.width : cell.x + CELL_PADDING;
  page.put(face, shown, x, y);
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
 * waits while more than MAX_BUFFERED_BYTES are still queued or more than
 * MAX_PAGES_COMPRESSING pages are still being compressed.
 */
async function relieve(doc: Doc, content: PageContent, out: OutputFile): Promise<void> {
  do {
    if (out.stream.writableNeedDrain) await out.drain(out.stream);
    else await nextTurn();
    await content.atMost(MAX_PAGES_COMPRESSING);
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
  const batcher = new ChunkBatcher();
  out.watch(doc);
  out.watch(batcher);
  doc.pipe(batcher).pipe(out.stream);
  const content = new PageContent(doc, (error) => out.fail(error));
  registerFont(doc, "regular", REGULAR);
  registerFont(doc, "bold", BOLD);

  const title = new Face(doc, "bold", 16);
  const subtitle = new Face(doc, "regular", 10);
  const small = new Face(doc, "regular", 8);
  // The page number differs on every page: in a built-in font it costs no
  // fontkit layout (about a tenth of a millisecond a page otherwise).
  const pageNumbers = new Face(doc, "Helvetica", 8);
  const faces: Faces = {
    heading: new Face(doc, "bold", FONT_SIZE),
    body: new Face(doc, "regular", FONT_SIZE),
    // Numbers and dates are plain ASCII: a built-in PDF font sets them without
    // fontkit's layout and adds no glyphs to the embedded subset.
    figures: new Face(doc, "Helvetica", FONT_SIZE),
  };

  let pageNumber = 0;
  let y = 0;
  let bottom = 0;
  let columns: LaidOutColumn[] = [];
  let current: PageText | undefined;
  /** Title and subtitle again, small, at the top of every page after the first. */
  let runningHead: SetText | undefined;

  const startPage = async () => {
    current?.flush();
    doc.addPage();
    pageNumber += 1;
    if (pageNumber % PAGES_PER_LAYOUT_CACHE === 0) forgetLayouts(doc);
    await relieve(doc, content, out);
    const { width, height } = doc.page;
    const page = new PageText(doc, content, height);
    current = page;
    const textWidth = width - 2 * MARGIN;
    if (pageNumber === 1) {
      columns = layOut(table, textWidth, faces);
      runningHead = small.fitted(table.subtitle ? `${table.title} · ${table.subtitle}` : table.title, textWidth);
    }
    bottom = height - MARGIN - FOOTER_GAP;
    y = MARGIN;
    if (pageNumber === 1) {
      page.put(title, title.fitted(table.title, textWidth), MARGIN, y + 15);
      y += 24;
      if (table.subtitle) {
        page.put(subtitle, subtitle.fitted(table.subtitle, textWidth), MARGIN, y + 10);
        y += 18;
      }
      y += 6;
    } else {
      page.put(small, runningHead!, MARGIN, y + 8, GRAY);
      y += 16;
    }
    const footer = pageNumbers.fitted(`Page ${pageNumber}`, textWidth);
    page.put(pageNumbers, footer, (width - footer.width) / 2, height - MARGIN + 8, GRAY);

    for (const cell of columns) drawCell(page, faces.heading, cell, cell.heading, y + HEADER_BASELINE);
    y += HEADER_HEIGHT;
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(width - MARGIN, y - 2)
      .lineWidth(0.7)
      .stroke("black");
    return page;
  };

  let page = await startPage();
  let rowCount = 0;
  const rows = rowSource(table.rows);
  try {
    for (;;) {
      const next = rows.next();
      const row = next instanceof Promise ? await next : next;
      if (row === END_OF_ROWS) break;
      out.check();
      const values = readRow(table.columns, row);
      if (y + ROW_HEIGHT > bottom) page = await startPage();
      for (let i = 0; i < columns.length; i++) {
        const cell = columns[i]!;
        drawCell(page, cell.face, cell, cell.cell(cellText(table.columns[i]!, values[i] ?? null)), y + ROW_BASELINE);
      }
      y += ROW_HEIGHT;
      rowCount += 1;
    }
  } catch (error) {
    rows.close();
    throw error;
  }
  if (rowCount === 0)
    page.put(faces.body, faces.body.fitted("No rows.", 200), MARGIN + CELL_PADDING, y + ROW_BASELINE, GRAY);
  page.flush();
  out.check();
  doc.end();
}
