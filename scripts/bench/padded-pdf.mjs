// A valid one-page PDF of an exact size, written to disk as a stream: a blank
// page and an unreferenced stream object that pads the file out. pdfinfo reads
// the cross-reference table at the end and counts the page without reading
// the padding, as it does for any large PDF with a sound table.

import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { BenchError } from "./bench-error.mjs";

const BLOCK = Buffer.alloc(64 * 1024, "% padding of the bench's PDF\n");
const OBJECTS = [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
];
const STREAM_END = "\nendstream\nendobj\n";

/** The text before and after a padding stream of `padding` bytes. */
function frame(padding) {
  let head = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets = [];
  for (const [index, body] of OBJECTS.entries()) {
    offsets.push(Buffer.byteLength(head, "latin1"));
    head += `${index + 1} 0 obj\n${body}\nendobj\n`;
  }
  offsets.push(Buffer.byteLength(head, "latin1"));
  head += `${OBJECTS.length + 1} 0 obj\n<< /Length ${padding} >>\nstream\n`;
  const xrefAt = Buffer.byteLength(head, "latin1") + padding + STREAM_END.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  const tail =
    `${STREAM_END}xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}` +
    `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { head: Buffer.from(head, "latin1"), tail: Buffer.from(tail, "latin1") };
}

/** The head, the padding's length and the tail of a PDF of exactly `bytes` bytes. */
export function paddedPdfLayout(bytes) {
  let padding = Math.max(0, bytes - 1024);
  // The padding's length is written in the file, so its digits move the rest; a few rounds settle it.
  for (let round = 0; round < 4; round++) {
    const { head, tail } = frame(padding);
    const next = bytes - head.length - tail.length;
    if (next < 0) throw new BenchError(`a PDF cannot be as small as ${bytes} bytes`);
    if (next === padding) return { head, padding, tail };
    padding = next;
  }
  throw new BenchError(`no PDF layout of exactly ${bytes} bytes`);
}

function* pdfParts(bytes) {
  const { head, padding, tail } = paddedPdfLayout(bytes);
  yield head;
  for (let written = 0; written < padding; written += BLOCK.length)
    yield written + BLOCK.length <= padding ? BLOCK : BLOCK.subarray(0, padding - written);
  yield tail;
}

/** Writes a one-page PDF of exactly `bytes` bytes to `path`. */
export async function writePaddedPdf(path, bytes) {
  await pipeline(pdfParts(bytes), createWriteStream(path));
}
