import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { paddedPdfLayout, writePaddedPdf } from "./padded-pdf.mjs";

const dir = mkdtempSync(join(tmpdir(), "padded-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether poppler's pdfinfo is there to read the file as the portal does. */
const hasPdfinfo = (() => {
  try {
    execFileSync("pdfinfo", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("the bench's padded PDF", () => {
  it.each([1000, 9999, 100_000, 1_048_577])(
    "is exactly %i bytes, its cross-reference table pointing at its objects",
    async (bytes) => {
      const path = join(dir, `${bytes}.pdf`);
      await writePaddedPdf(path, bytes);
      const content = readFileSync(path, "latin1");
      expect(content).toHaveLength(bytes);
      expect(content.startsWith("%PDF-1.4\n")).toBe(true);
      const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(content)?.[1]);
      expect(content.slice(xrefAt, xrefAt + 5)).toBe("xref\n");
      const offsets = [...content.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      expect(offsets).toHaveLength(4);
      offsets.forEach((offset, index) => expect(content.slice(offset)).toMatch(new RegExp(`^${index + 1} 0 obj\n`)));
      const { padding } = paddedPdfLayout(bytes);
      expect(content).toContain(`<< /Length ${padding} >>\nstream\n`);
    },
  );

  it.skipIf(!hasPdfinfo)("opens in pdfinfo as one page", async () => {
    const path = join(dir, "pdfinfo.pdf");
    await writePaddedPdf(path, 3 * 1024 * 1024);
    const report = execFileSync("pdfinfo", [path], { encoding: "utf8" });
    expect(report).toMatch(/^Pages:\s+1$/m);
    expect(report).toMatch(/^File size:\s+3145728 bytes$/m);
  });

  it("refuses a size too small for a PDF", () => {
    expect(() => paddedPdfLayout(100)).toThrow(/cannot be as small/);
  });
});
