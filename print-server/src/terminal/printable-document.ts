import { PDFDocument } from "pdf-lib";

export type DocumentKind = "pdf" | "jpeg" | "png";

/** Why a file cannot be printed, in words a person at the printer understands. */
export class UnprintableDocument extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnprintableDocument";
  }
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The kind of a file from its content, never from its name: PDF readers accept the header within the first 1024 bytes. */
export function documentKind(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.includes("%PDF-") ? "pdf" : null;
}

/** What a printer makes of a file: its kind and pages (a photo is one page). */
export async function printableDocument(
  name: string,
  bytes: Uint8Array,
): Promise<{ kind: DocumentKind; pages: number }> {
  if (bytes.length === 0) throw new UnprintableDocument(`${name} is empty.`);
  const kind = documentKind(bytes);
  if (kind === null) throw new UnprintableDocument(`${name} is not a PDF, JPEG or PNG file.`);
  if (kind !== "pdf") return { kind, pages: 1 };
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted, so that `isEncrypted` tells it apart from a damaged file.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new UnprintableDocument(`${name} is a damaged PDF.`);
  }
  if (doc.isEncrypted) throw new UnprintableDocument(`${name} is protected by a password.`);
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw new UnprintableDocument(`${name} is a damaged PDF.`);
  }
  if (pages < 1) throw new UnprintableDocument(`${name} is a PDF without pages.`);
  return { kind, pages };
}
