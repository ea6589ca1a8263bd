import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pdfBytes } from "@/e2e/files-samples";
import { checkPdf, pdfInfoResult } from "./pdf-info";

const dir = mkdtempSync(join(tmpdir(), "pdf-info-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe("pdfInfoResult", () => {
  it("reads the page count, and refuses an encrypted PDF or one without pages", () => {
    expect(pdfInfoResult("Title: x\nPages:           12\nEncrypted:       no\n")).toEqual({ ok: true, pages: 12 });
    expect(pdfInfoResult("Pages: 3\nEncrypted:       yes (print:yes copy:no)\n")).toEqual({
      ok: false,
      problem: "encrypted",
    });
    expect(pdfInfoResult("Producer: x\n")).toEqual({ ok: false, problem: "broken" });
  });
});

describe("checkPdf", () => {
  it("counts a real PDF's pages and refuses a broken or encrypted one", async () => {
    expect(await checkPdf(file("three.pdf", pdfBytes(3)))).toEqual({ ok: true, pages: 3 });
    expect(await checkPdf(file("broken.pdf", Buffer.from("%PDF-1.4\nno objects")))).toEqual({
      ok: false,
      problem: "broken",
    });
    expect(await checkPdf(file("locked.pdf", pdfBytes(1, { encrypted: true })))).toEqual({
      ok: false,
      problem: "encrypted",
    });
  });
});
