import type PDFDocument from "pdfkit";
import type { PageContent } from "./pdf-page-content.js";

// Setting one cell with pdfkit's `doc.text()` is costly: it parses its
// options, measures the string again, saves and restores the graphics state
// and writes five content operators, each converted to bytes on its own. A
// large report has over a million cells, so the PDF writer sets its text here
// instead: pdfkit still loads, subsets and embeds the fonts (with the ToUnicode
// map that lets pdftotext read the text back), encodes the glyphs and writes
// the file; this module writes each page's text operators in one piece (see
// PageContent). A column's encoded cells are cached, because report columns
// repeat their values (months, printers, user names on consecutive rows).

type Doc = InstanceType<typeof PDFDocument>;

/** A glyph's placement as pdfkit's fonts answer it, in thousandths of the font size. */
interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

/** The part of pdfkit's font objects (standard and embedded alike) this module uses. */
interface PdfkitFont {
  id: string;
  encode(text: string): [string[], GlyphPosition[]];
  ref(): unknown;
}

/** Text ready to be shown: its Tj or TJ operator (glyph codes and kerning) and its width in points. */
export interface SetText {
  readonly show: string;
  readonly width: number;
}

/** Past this many cached texts a column starts over, so that memory stays flat on any report. */
const MAX_CACHED_PER_COLUMN = 4096;
/** Past this many cached letter pairs a face starts over (a report's names use a few hundred). */
const MAX_CACHED_PAIRS = 65_536;
/**
 * Text fontkit sets one glyph per character, moved only by pair kerning:
 * Latin, Greek, Cyrillic and the common punctuation, digits and symbols, with
 * no combining marks (NFC has already composed the usual ones). Other scripts
 * may need shaping across more than two letters and always go through fontkit.
 */
const PAIRWISE_TEXT = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]*$/u;
const COMBINING = /\p{M}/u;

/** One character as pdfkit encodes it alone: its glyph code and advance. */
interface Letter {
  code: string;
  advance: number;
}
const ELLIPSIS = "…";
/** Longer text cannot fit a cell anyway; measuring stops here. */
const MAX_MEASURED_CHARS = 300;

/** One line of text a PDF can show: no control characters, no lone surrogates. */
function plain(value: string): string {
  return value
    .slice(0, MAX_MEASURED_CHARS)
    .normalize("NFC")
    .replace(/\p{Cs}/gu, "\uFFFD")
    .replace(/\p{Cc}+/gu, " ");
}

/** Points to a hundredth, the precision of every position written here. */
const round = (value: number) => Math.round(value * 100) / 100;

/** One font at one size: measures text, shortens it to a width and encodes it, with caches. */
export class Face {
  readonly font: PdfkitFont;
  private readonly scale: number;
  private readonly charWidths = new Map<string, number>();
  /** Each character encoded alone; null when it is not one glyph on its own. */
  private readonly letters = new Map<string, Letter | null>();
  /** The kerning between two characters, in thousandths; null where fontkit does more than kern them. */
  private readonly pairs = new Map<string, number | null>();

  constructor(
    doc: Doc,
    fontName: string,
    readonly size: number,
  ) {
    doc.font(fontName);
    const font = (doc as unknown as { _font?: PdfkitFont })._font;
    if (typeof font?.encode !== "function" || typeof font.ref !== "function" || typeof font.id !== "string") {
      throw new Error("this pdfkit version has no font encoder the PDF writer knows (pdfkit 0.20 expected)");
    }
    this.font = font;
    this.scale = size / 1000;
  }

  /** `text` made one plain line, shortened with an ellipsis to fit `width` and encoded. */
  fitted(text: string, width: number): SetText {
    return this.encode(this.shorten(plain(text), width));
  }

  /** fitted() for one column of cells, with a cache: report columns repeat their values. */
  column(width: number): (text: string) => SetText {
    const cache = new Map<string, SetText>();
    return (text) => {
      let done = cache.get(text);
      if (done === undefined) {
        if (cache.size >= MAX_CACHED_PER_COLUMN) cache.clear();
        done = this.fitted(text, width);
        cache.set(text, done);
      }
      return done;
    };
  }

  /** Width of `text` from cached per-character advances; kerning is ignored, hence the slack the PDF writer leaves in each cell. */
  private widthOf(text: string): number {
    let width = 0;
    for (const char of text) width += this.charWidth(char);
    return width;
  }

  private charWidth(char: string): number {
    let width = this.charWidths.get(char);
    if (width === undefined) {
      const [, positions] = this.font.encode(char);
      width = positions.reduce((sum, p) => sum + p.xAdvance, 0) * this.scale;
      this.charWidths.set(char, width);
    }
    return width;
  }

  private shorten(text: string, width: number): string {
    if (this.widthOf(text) <= width) return text;
    const room = width - this.charWidth(ELLIPSIS);
    let used = 0;
    let kept = "";
    for (const char of text) {
      used += this.charWidth(char);
      if (used > room) break;
      kept += char;
    }
    return `${kept}${ELLIPSIS}`;
  }

  /**
   * The operator pdfkit itself would write for `text`: runs of glyph codes,
   * each followed by its kerning adjustment (TJ), or one run (Tj) when nothing
   * is kerned. Glyphs with vertical or sideways offsets (combining marks that
   * fontkit places) are rare in report text; their offsets are dropped, which
   * moves a mark slightly, never the rest of the line.
   */
  private encode(text: string): SetText {
    if (text === "") return { show: "", width: 0 };
    return this.encodePairwise(text) ?? this.encodeShaped(text);
  }

  /**
   * encode() for text fontkit would set letter by letter: each letter's glyph
   * and the kerning of each pair, cached, give the same glyphs and positions
   * as laying the whole text out, without fontkit's shaping plan (most of a
   * large report's text cost when a column holds thousands of different names). Undefined where a letter or a pair is more
   * than that (a ligature, a substitution): such text is shaped whole.
   */
  private encodePairwise(text: string): SetText | undefined {
    if (!PAIRWISE_TEXT.test(text) || COMBINING.test(text)) return undefined;
    const chars = [...text];
    const letters: Letter[] = [];
    for (const char of chars) {
      const letter = this.letter(char);
      if (!letter) return undefined;
      letters.push(letter);
    }
    const kernings: number[] = [];
    let advance = 0;
    for (let i = 0; i < letters.length; i++) {
      const kerning = i === letters.length - 1 ? 0 : this.kerning(chars[i]!, chars[i + 1]!);
      if (kerning === null) return undefined;
      kernings.push(kerning);
      advance += letters[i]!.advance + kerning;
    }
    return shown(
      letters.map((letter) => letter.code),
      kernings,
      advance * this.scale,
    );
  }

  private letter(char: string): Letter | null {
    let letter = this.letters.get(char);
    if (letter === undefined) {
      const [codes, positions] = this.font.encode(char);
      letter =
        codes.length === 1 && positions.length === 1 ? { code: codes[0]!, advance: positions[0]!.advanceWidth } : null;
      this.letters.set(char, letter);
    }
    return letter;
  }

  /** What fontkit adds to the first letter's advance when the second follows it. */
  private kerning(first: string, second: string): number | null {
    const pair = first + second;
    let kerning = this.pairs.get(pair);
    if (kerning === undefined) {
      const [codes, positions] = this.font.encode(pair);
      const [a, b] = positions;
      // The same two glyphs as alone, the second not moved: a plain kerning pair.
      const plain =
        a !== undefined &&
        b !== undefined &&
        codes.length === 2 &&
        codes[0] === this.letter(first)?.code &&
        codes[1] === this.letter(second)?.code &&
        b.xAdvance === b.advanceWidth &&
        a.xOffset === 0 &&
        a.yOffset === 0 &&
        b.xOffset === 0 &&
        b.yOffset === 0;
      kerning = plain ? a.xAdvance - a.advanceWidth : null;
      if (this.pairs.size >= MAX_CACHED_PAIRS) this.pairs.clear();
      this.pairs.set(pair, kerning);
    }
    return kerning;
  }

  /** encode() through fontkit's layout of the whole text (shaping, ligatures, marks). */
  private encodeShaped(text: string): SetText {
    const [codes, positions] = this.font.encode(text);
    const advance = positions.reduce((sum, position) => sum + position.xAdvance, 0);
    return shown(
      codes,
      positions.map((position) => position.xAdvance - position.advanceWidth),
      advance * this.scale,
    );
  }
}

/**
 * The operator pdfkit itself would write for glyph `codes`: runs of codes,
 * each followed by its kerning adjustment (TJ; in thousandths of the font
 * size, the last glyph's left out), or one run (Tj) when nothing is kerned.
 */
function shown(codes: readonly string[], kernings: readonly number[], width: number): SetText {
  const runs: string[] = [];
  let run = "";
  for (let i = 0; i < codes.length; i++) {
    run += codes[i];
    const kerning = kernings[i] ?? 0;
    if (kerning !== 0 && i < codes.length - 1) {
      runs.push(`<${run}> ${round(-kerning)}`);
      run = "";
    }
  }
  if (runs.length === 0) return { show: `<${run}> Tj`, width };
  if (run) runs.push(`<${run}>`);
  return { show: `[${runs.join(" ")}] TJ`, width };
}

/**
 * The text of one page, gathered as content operators and added to the page
 * as one content stream. Coordinates are pdfkit's: points from the
 * top left corner, `y` the baseline.
 */
export class PageText {
  private parts: string[] = [];
  private face: Face | undefined;
  private gray: number | undefined;
  /** Where the current text line starts, in PDF coordinates (y up); Td moves relative to it. */
  private lineX = 0;
  private lineY = 0;

  constructor(
    private readonly doc: Doc,
    private readonly content: PageContent,
    private readonly pageHeight: number,
  ) {}

  /** Sets `text` with its left end at `x` and its baseline at `y`. */
  put(face: Face, text: SetText, x: number, y: number, gray = 0): void {
    if (text.show === "") return;
    if (face !== this.face) {
      this.face = face;
      this.parts.push(`/${face.font.id} ${face.size} Tf`);
      // The page's resources must name every font its text uses.
      const fonts = this.doc.page.fonts as Record<string, unknown>;
      fonts[face.font.id] ??= face.font.ref();
    }
    if (gray !== this.gray) {
      this.gray = gray;
      this.parts.push(`${gray} g`);
    }
    // Relative moves keep the content stream (and its compression) small.
    const dx = round(x - this.lineX);
    const dy = round(this.pageHeight - y - this.lineY);
    this.lineX += dx;
    this.lineY += dy;
    this.parts.push(`${dx} ${dy} Td ${text.show}`);
  }

  /** Writes what was gathered into the current page, in pdfkit's y-down coordinates turned back to PDF's. */
  flush(): void {
    if (this.parts.length === 0) return;
    this.content.append(`q 1 0 0 -1 0 ${round(this.pageHeight)} cm BT\n${this.parts.join("\n")}\nET Q\n`);
    this.parts = [];
    this.face = undefined;
    this.gray = undefined;
    this.lineX = 0;
    this.lineY = 0;
  }
}
