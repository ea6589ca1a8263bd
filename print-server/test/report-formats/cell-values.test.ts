import { describe, expect, it } from "vitest";
import { cellText, readCell } from "../../src/report-formats/cell-values.js";
import { REPORT_CONTENT_TYPES, REPORT_FILE_EXTENSIONS, REPORT_FORMATS } from "../../src/report-formats/index.js";
import type { ReportColumn } from "../../src/report-formats/report-table.js";
import { sheetName } from "../../src/report-formats/spreadsheet-layout.js";
import { escapeXmlAttribute, escapeXmlText } from "../../src/report-formats/xml-escape.js";

const column = (type: ReportColumn["type"]): ReportColumn => ({ key: "k", title: "K", type });
const text = (type: ReportColumn["type"], raw: unknown) => cellText(column(type), readCell(column(type), raw));

describe("cell values", () => {
  it("spells money with two decimals, rounded to cents, never as -0.00", () => {
    expect(text("money", -3.2)).toBe("-3.20");
    expect(text("money", 0.1 + 0.2)).toBe("0.30");
    expect(text("money", 1234.5)).toBe("1234.50");
    expect(text("money", -0.001)).toBe("0.00");
  });

  it("spells dates and date-times as ISO 8601 in UTC, from Dates or ISO strings", () => {
    expect(text("date", new Date("2026-05-01T23:30:00Z"))).toBe("2026-05-01");
    expect(text("date", "2026-05-02")).toBe("2026-05-02");
    expect(text("datetime", new Date("2026-05-03T10:11:12.999Z"))).toBe("2026-05-03T10:11:12Z");
    expect(text("datetime", "2026-05-03T12:11:12+02:00")).toBe("2026-05-03T10:11:12Z");
  });

  it("turns null and missing cells into empty ones", () => {
    expect(text("text", null)).toBe("");
    expect(text("integer", undefined)).toBe("");
  });

  it("refuses values that do not fit the column", () => {
    expect(() => readCell(column("integer"), 1.5)).toThrow(TypeError);
    expect(() => readCell(column("money"), Number.NaN)).toThrow(TypeError);
    expect(() => readCell(column("money"), "3.20")).toThrow(TypeError);
    expect(() => readCell(column("date"), "not a date")).toThrow(TypeError);
    expect(() => readCell(column("text"), { toString: () => "x" })).toThrow(TypeError);
  });
});

describe("XML escaping", () => {
  it("escapes markup and keeps CR, TAB and LF in attributes as references", () => {
    expect(escapeXmlText(`a<b>&"c"\r\n`)).toBe(`a&lt;b&gt;&amp;"c"&#13;\n`);
    expect(escapeXmlAttribute(`"it's"\t<x>\n`)).toBe("&quot;it&apos;s&quot;&#9;&lt;x&gt;&#10;");
  });

  it("leaves plain text as it is and still finds a single special character anywhere in it", () => {
    const plain = "Žluťoučký kůň, 2026-05 (#1) ~ 🖨";
    expect(escapeXmlText(plain)).toBe(plain);
    expect(escapeXmlAttribute(plain)).toBe(plain);
    const cases: Array<[string, string, string]> = [
      ["&", "&amp;", "&amp;"],
      ["<", "&lt;", "&lt;"],
      [">", "&gt;", "&gt;"],
      ['"', '"', "&quot;"],
      ["'", "'", "&apos;"],
      ["\t", "\t", "&#9;"],
      ["\n", "\n", "&#10;"],
      ["\r", "&#13;", "&#13;"],
      ["\u0001", "\uFFFD", "\uFFFD"],
      ["\uFFFF", "\uFFFD", "\uFFFD"],
      ["\uD800", "\uFFFD", "\uFFFD"],
    ];
    for (const [char, inText, inAttribute] of cases) {
      expect(escapeXmlText(`${plain}${char}x`)).toBe(`${plain}${inText}x`);
      expect(escapeXmlAttribute(`${char}${plain}`)).toBe(`${inAttribute}${plain}`);
    }
  });

  it("replaces characters XML cannot carry, keeping astral ones", () => {
    expect(escapeXmlText("bell\u0007 nul\u0000 lone\uDC00 \uFFFE ok🖨")).toBe(
      "bell\uFFFD nul\uFFFD lone\uFFFD \uFFFD ok🖨",
    );
  });
});

describe("sheet names", () => {
  it("drops characters spreadsheets forbid and stays within 31 characters, numbering further sheets", () => {
    expect(sheetName("Usage [by] user: 2026/05?", 1)).toBe("Usage by user 2026 05");
    expect(sheetName("'quoted'", 1)).toBe("quoted");
    expect(sheetName("***", 1)).toBe("Report");
    const long = sheetName("A very long report title that goes on and on", 12);
    expect(long).toBe("A very long report title t (12)");
    expect(long.length).toBeLessThanOrEqual(31);
  });
});

describe("format table", () => {
  it("lists the five formats with their content types and extensions", () => {
    expect(REPORT_FORMATS).toEqual(["pdf", "csv", "xml", "xlsx", "ods"]);
    expect(REPORT_FILE_EXTENSIONS).toEqual({ pdf: "pdf", csv: "csv", xml: "xml", xlsx: "xlsx", ods: "ods" });
    expect(REPORT_CONTENT_TYPES.xlsx).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(REPORT_CONTENT_TYPES.ods).toBe("application/vnd.oasis.opendocument.spreadsheet");
    expect(REPORT_CONTENT_TYPES.pdf).toBe("application/pdf");
  });
});
