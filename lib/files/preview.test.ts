import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pdfBytes } from "@/e2e/files-samples";
import { PortalError } from "@/lib/browser-safe/errors";
import { firstPagePng } from "./preview";

const dir = mkdtempSync(join(tmpdir(), "preview-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pdf = join(dir, "two.pdf");
writeFileSync(pdf, pdfBytes(2));

describe("firstPagePng", () => {
  it("draws the first page as a PNG", async () => {
    const png = await firstPagePng(pdf);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it("stops drawing when the request is gone, and says it was not drawn", async () => {
    const gone = new AbortController();
    gone.abort();
    const refused = await firstPagePng(pdf, gone.signal).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PortalError);
    expect(refused).toMatchObject({ code: "unavailable", sentenceKey: "files.answers.noPreview" });
  });
});
