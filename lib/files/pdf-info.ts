import "server-only";
import { execFile } from "node:child_process";
import { log } from "@/lib/log";

// A PDF's page count and whether it opens at all, from poppler's pdfinfo:
// it reads the file from disk (the portal never holds it in memory), in a
// process of its own with a time limit, so a hostile file cannot stall or
// crash the portal. poppler-utils is a documented requirement of the portal.

export type PdfCheck = { ok: true; pages: number | null } | { ok: false; problem: "broken" | "encrypted" };

const timeLimitMs = 15_000;

let missingLogged = false;

/** Reads `file`'s page count; a PDF that pdfinfo cannot open is broken, one with a password encrypted. */
export function checkPdf(file: string): Promise<PdfCheck> {
  return new Promise((resolve) => {
    execFile("pdfinfo", [file], { timeout: timeLimitMs, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        if (!missingLogged) log.warn("pdfinfo not found: install poppler-utils to count pages and refuse broken PDFs");
        missingLogged = true;
        resolve({ ok: true, pages: null });
        return;
      }
      if (error) {
        resolve({ ok: false, problem: /password/i.test(String(stderr)) ? "encrypted" : "broken" });
        return;
      }
      resolve(pdfInfoResult(String(stdout)));
    });
  });
}

/** What pdfinfo's report says: the page count, or a refusal when the PDF is encrypted or has no pages. */
export function pdfInfoResult(report: string): PdfCheck {
  if (/^Encrypted:\s+yes/m.test(report)) return { ok: false, problem: "encrypted" };
  const pages = Number(/^Pages:\s+(\d+)/m.exec(report)?.[1] ?? 0);
  return pages > 0 ? { ok: true, pages } : { ok: false, problem: "broken" };
}
