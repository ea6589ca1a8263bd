import { describe, expect, it } from "vitest";
import {
  asciiFallback,
  attachmentDisposition,
  parseDispositionFilename,
  sanitizeFilename,
  withExtension,
} from "./content-disposition";

describe("parseDispositionFilename", () => {
  it("reads a quoted name", () => {
    expect(parseDispositionFilename('attachment; filename="my-monthly-summary-2026-11-21.csv"')).toBe(
      "my-monthly-summary-2026-11-21.csv",
    );
  });

  it("reads a token name and unescapes quoted pairs", () => {
    expect(parseDispositionFilename("attachment; filename=report.pdf")).toBe("report.pdf");
    expect(parseDispositionFilename('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
  });

  it("prefers filename* (RFC 5987) over filename", () => {
    expect(parseDispositionFilename("attachment; filename=\"Prehled.pdf\"; filename*=UTF-8''P%C5%99ehled.pdf")).toBe(
      "Přehled.pdf",
    );
  });

  it("falls back to filename when filename* is malformed or not UTF-8", () => {
    expect(parseDispositionFilename("attachment; filename*=UTF-8''%E0%A4%A; filename=\"plain.csv\"")).toBe("plain.csv");
    expect(parseDispositionFilename("attachment; filename*=ISO-8859-1''caf%E9.csv; filename=\"cafe.csv\"")).toBe(
      "cafe.csv",
    );
  });

  it("answers undefined without a name", () => {
    expect(parseDispositionFilename(null)).toBeUndefined();
    expect(parseDispositionFilename("attachment")).toBeUndefined();
  });
});

describe("sanitizeFilename", () => {
  it("keeps an ordinary name", () => {
    expect(sanitizeFilename("my-monthly-summary-2026-11-21.csv", "x")).toBe("my-monthly-summary-2026-11-21.csv");
  });

  it("keeps only the last path segment", () => {
    expect(sanitizeFilename("../../etc/passwd", "x")).toBe("passwd");
    expect(sanitizeFilename("..\\..\\Windows\\win.ini", "x")).toBe("win.ini");
    expect(sanitizeFilename("reports/", "fallback")).toBe("fallback");
  });

  it("removes CR, LF and other control characters, so no header can be injected", () => {
    const name = sanitizeFilename("a\r\nSet-Cookie: x=1\u0000\u0007\u007f\u0085.pdf", "x");
    expect(name).toBe("aSet-Cookie: x=1.pdf");
    expect(name).not.toMatch(/[\r\n\u0000-\u001f\u007f-\u009f]/);
  });

  it("removes quotes and bidirectional overrides", () => {
    expect(sanitizeFilename('re"port".pdf', "x")).toBe("report.pdf");
    expect(sanitizeFilename("invoice\u202Efdp.exe", "x")).toBe("invoicefdp.exe");
  });

  it("removes leading dots and trailing dots or spaces", () => {
    expect(sanitizeFilename(".hidden.csv", "x")).toBe("hidden.csv");
    expect(sanitizeFilename("..", "fallback")).toBe("fallback");
    expect(sanitizeFilename("report.pdf. . ", "x")).toBe("report.pdf");
  });

  it("shortens long names but keeps the extension", () => {
    const name = sanitizeFilename(`${"a".repeat(400)}.xlsx`, "x");
    expect(name.length).toBeLessThanOrEqual(150);
    expect(name.endsWith(".xlsx")).toBe(true);
  });

  it("uses the fallback when nothing is left", () => {
    expect(sanitizeFilename(undefined, "report-7")).toBe("report-7");
    expect(sanitizeFilename("\r\n\t", "report-7")).toBe("report-7");
  });

  it("keeps non-ASCII letters (normalised to NFC)", () => {
    expect(sanitizeFilename("Pr\u030Cehled.pdf", "x")).toBe("Přehled.pdf");
  });
});

describe("attachmentDisposition", () => {
  it("gives an ASCII fallback and a UTF-8 name", () => {
    expect(attachmentDisposition("Přehled (září) 100%.pdf")).toBe(
      "attachment; filename=\"Prehled (zari) 100%.pdf\"; filename*=UTF-8''P%C5%99ehled%20%28z%C3%A1%C5%99%C3%AD%29%20100%25.pdf",
    );
  });

  it("replaces what cannot be spelled in ASCII", () => {
    expect(asciiFallback("報告.csv")).toBe("__.csv");
  });

  it("never puts a quote, backslash or line break into the header", () => {
    const header = attachmentDisposition(sanitizeFilename('x"\\\r\ny.csv', "x"));
    expect(header).toBe("attachment; filename=\"y.csv\"; filename*=UTF-8''y.csv");
    expect(header).not.toMatch(/[\r\n]/);
  });
});

describe("withExtension", () => {
  it("adds the extension only when missing", () => {
    expect(withExtension("report", "pdf")).toBe("report.pdf");
    expect(withExtension("report.PDF", "pdf")).toBe("report.PDF");
    expect(withExtension("report.exe", "csv")).toBe("report.exe.csv");
  });
});
