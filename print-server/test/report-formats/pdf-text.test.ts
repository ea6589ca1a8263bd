import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { Face } from "../../src/report-formats/pdf-text.js";

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");

function faces(): Face[] {
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.registerFont("regular", join(FONT_DIR, "DejaVuSansCondensed.ttf"));
  doc.registerFont("bold", join(FONT_DIR, "DejaVuSansCondensed-Bold.ttf"));
  doc.addPage();
  return [new Face(doc, "regular", 8.5), new Face(doc, "bold", 8.5)];
}

describe("Face", () => {
  // The letter-by-letter encoding must set exactly what fontkit's whole-text
  // layout sets: the same glyphs, kerning and width.
  it("encodes letter by letter exactly as fontkit lays the whole text out", () => {
    const texts = [
      "AVATAR Tower Wave",
      "Tomáš Wolf",
      "Žluťoučký kůň úpěl ďábelské ódy",
      "Łódź, Wrocław",
      "Ta Te To Yo VA LT Fe P. r, y.",
      "Москва Ярослав",
      "Ἀθῆναι",
      "user000332",
      "anna.novakova@example.test",
      "2026-05",
      "Printer 3 (2nd storey, east wing)",
    ];
    for (const face of faces()) {
      for (const text of texts) {
        const shaped = face["encodeShaped"](text);
        const pairwise = face["encodePairwise"](text);
        expect(pairwise, text).toBeDefined();
        expect(pairwise!.show, text).toBe(shaped.show);
        expect(pairwise!.width, text).toBeCloseTo(shaped.width, 9);
      }
    }
  });

  it("leaves text with ligatures, combining marks or other scripts to fontkit's shaping", () => {
    const [regular] = faces();
    expect(regular!["encodePairwise"]("office")).toBeUndefined();
    expect(regular!["encodePairwise"]("e\u0301\u0301")).toBeUndefined();
    expect(regular!["encodePairwise"]("سلام")).toBeUndefined();
    // …and fitted() still sets them, through fontkit.
    expect(regular!.fitted("office", 500).show).toMatch(/^(<[0-9a-f]+> Tj|\[.*\] TJ)$/);
  });
});
