import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { documentKind, printableDocument, UnprintableDocument } from "./printable-document.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

async function pdf(pages: number, encrypted = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage();
  if (encrypted) {
    // A trailer that names an encryption dictionary is what marks a PDF as encrypted.
    doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: PDFName.of("Standard") }));
  }
  return doc.save({ useObjectStreams: false });
}

const refusal = (name: string, bytes: Uint8Array) =>
  printableDocument(name, bytes).then(
    () => "printable",
    (err: unknown) => (err instanceof UnprintableDocument ? err.message : `other: ${String(err)}`),
  );

describe("printableDocument", () => {
  it("counts a PDF's pages from its content, and a photo as one page, whatever the name says", async () => {
    expect(await printableDocument("report.txt", await pdf(3))).toEqual({ kind: "pdf", pages: 3 });
    expect(await printableDocument("photo.pdf", PNG)).toEqual({ kind: "png", pages: 1 });
    expect(await printableDocument("camera", JPEG_START)).toEqual({ kind: "jpeg", pages: 1 });
  });

  it("refuses what cannot print with a sentence naming the file", async () => {
    expect(await refusal("empty.pdf", new Uint8Array())).toBe("empty.pdf is empty.");
    expect(await refusal("notes.pdf", Buffer.from("just text"))).toBe("notes.pdf is not a PDF, JPEG or PNG file.");
    expect(await refusal("cut.pdf", (await pdf(2)).subarray(0, 200))).toBe("cut.pdf is a damaged PDF.");
    expect(await refusal("secret.pdf", await pdf(1, true))).toBe("secret.pdf is protected by a password.");
  });

  it("finds a PDF header within the first 1024 bytes, as readers do", () => {
    expect(documentKind(Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from("%PDF-1.7")]))).toBe("pdf");
    expect(documentKind(Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from("%PDF-1.7")]))).toBeNull();
  });
});
