import "server-only";
import { execFile } from "node:child_process";
import { PortalError } from "@/lib/browser-safe/errors";

// A PDF's first page as a small PNG, drawn on demand by poppler's pdftoppm in
// a process of its own with a time limit. No well-kept pure-JavaScript PDF
// renderer runs in Node without a native canvas; poppler already checks the
// PDFs (pdf-info.ts). Images need no drawing: they are their own preview.

const timeLimitMs = 15_000;
const widthPixels = 480;

/** Draws the first page; `signal` (the request's) stops the drawing when the person goes away. */
export function firstPagePng(file: string, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      "pdftoppm",
      ["-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", String(widthPixels), file],
      {
        encoding: "buffer",
        timeout: timeLimitMs,
        signal,
        maxBuffer: 8 * 1024 * 1024,
      },
      (error, stdout) => {
        if (!error && stdout.length > 0) return resolve(stdout);
        const missing = (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
        reject(
          new PortalError(missing ? "not_found" : "unavailable", {
            sentenceKey: "files.answers.noPreview",
            reason: missing ? "pdftoppm not installed" : "preview not drawn",
          }),
        );
      },
    );
  });
}
