import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";

// DejaVu covers the letters of every person's name; pdfkit's built-in fonts only cover WinAnsi.
const FONT = join(
  dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
  "DejaVuSansCondensed.ttf",
);

/** What a scanned page says: where, for whom and when it was scanned. */
export interface ScanDescription {
  printer: string;
  location: string | null;
  person: string;
  at: Date;
}

/** A generated one-page A4 PDF, standing in for what the printer's scanner reads. */
export function scanPagePdf(scan: ScanDescription): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 56,
      info: { Title: `Scan from ${scan.printer}`, Author: scan.person, Creator: "Print server Easy Scan" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font(FONT).fontSize(22).text("Easy Scan");
    doc.moveDown();
    doc.fontSize(12);
    doc.text(`Scanned at ${scan.printer}${scan.location ? ` (${scan.location})` : ""}`);
    doc.text(`For ${scan.person}`);
    doc.text(`On ${scan.at.toISOString().replace("T", " ").slice(0, 19)} UTC`);
    doc.moveDown();
    doc.rect(56, doc.y, 483, 300).stroke();
    doc.end();
  });
}
