import { describe, expect, it } from "vitest";
import { isKeptName, maxNameBytes, numberedName, sanitiseFileName } from "./file-name";

describe("sanitiseFileName", () => {
  it("keeps an ordinary name as it is", () => {
    expect(sanitiseFileName("Quarterly report (final).pdf")).toBe("Quarterly report (final).pdf");
    expect(sanitiseFileName("Übersicht – März.pdf")).toBe("Übersicht – März.pdf");
  });

  it("keeps only the last part of a path, from any system", () => {
    expect(sanitiseFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitiseFileName("C:\\fakepath\\photo.jpg")).toBe("photo.jpg");
    expect(sanitiseFileName("/absolute/name.png")).toBe("name.png");
  });

  it("replaces control and reserved characters, and drops leading dots", () => {
    expect(sanitiseFileName("a\u0000b\nc<d>e:f|g?h*.pdf")).toBe("a_b_c_d_e_f_g_h_.pdf");
    expect(sanitiseFileName(".hidden.pdf")).toBe("hidden.pdf");
    expect(sanitiseFileName("..")).toBe("file");
    expect(sanitiseFileName("   ")).toBe("file");
    expect(sanitiseFileName("***", "scan")).toBe("scan");
  });

  it("shortens a 300-character name to fit, keeping its extension", () => {
    const long = `${"x".repeat(296)}.pdf`;
    const kept = sanitiseFileName(long);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(maxNameBytes);
    expect(kept.endsWith(".pdf")).toBe(true);
    const wide = `${"ř".repeat(300)}.pdf`;
    expect(Buffer.byteLength(sanitiseFileName(wide))).toBeLessThanOrEqual(maxNameBytes);
  });

  it("tells a kept name from one that would change", () => {
    expect(isKeptName("report.pdf")).toBe(true);
    expect(isKeptName("../report.pdf")).toBe(false);
    expect(isKeptName("")).toBe(false);
  });

  it("numbers a name that is taken", () => {
    expect(numberedName("report.pdf", 2)).toBe("report (2).pdf");
    expect(numberedName("README", 3)).toBe("README (3)");
  });
});
