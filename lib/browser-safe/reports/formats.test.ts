import { describe, expect, it } from "vitest";
import { formatName, formatOfMediaType, isReportFormat, parseFormats } from "./formats";

describe("parseFormats", () => {
  it("reads the comma-separated list in the portal's order", () => {
    expect(parseFormats("pdf,csv,xml,xlsx,ods")).toEqual(["pdf", "xlsx", "ods", "csv", "xml"]);
  });

  it("ignores case, spaces, repeats and empty parts", () => {
    expect(parseFormats(" CSV , pdf,,csv ")).toEqual(["pdf", "csv"]);
  });

  it("leaves out formats the portal does not know", () => {
    expect(parseFormats("html,csv,docx")).toEqual(["csv"]);
    expect(parseFormats("")).toEqual([]);
  });
});

describe("format names and checks", () => {
  it("names formats for people", () => {
    expect(["pdf", "xlsx", "ods", "csv", "xml"].map((f) => formatName(f as "pdf"))).toEqual([
      "PDF",
      "Excel (XLSX)",
      "OpenDocument (ODS)",
      "CSV",
      "XML",
    ]);
  });

  it("accepts only known format names", () => {
    expect(isReportFormat("csv")).toBe(true);
    expect(isReportFormat("CSV")).toBe(false);
    expect(isReportFormat("exe")).toBe(false);
    expect(isReportFormat(3)).toBe(false);
  });

  it("finds the format of a media type, parameters and case aside", () => {
    expect(formatOfMediaType("text/csv; charset=utf-8; header=present")).toBe("csv");
    expect(formatOfMediaType("Application/PDF")).toBe("pdf");
    expect(formatOfMediaType("text/xml")).toBe("xml");
    expect(formatOfMediaType("text/html")).toBeUndefined();
    expect(formatOfMediaType("constructor")).toBeUndefined();
    expect(formatOfMediaType(null)).toBeUndefined();
  });
});
