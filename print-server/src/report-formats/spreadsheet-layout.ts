import type { ReportColumnType } from "./report-table.js";

/** Excel's and LibreOffice's row limit; longer reports continue on further sheets, each with the header row. */
export const MAX_ROWS_PER_SHEET = 1_048_576;

/** Excel refuses longer cell text. */
export const MAX_CELL_CHARS = 32_767;

/** Column widths in characters, by column type. */
export const COLUMN_WIDTHS: Record<ReportColumnType, number> = {
  text: 28,
  integer: 10,
  money: 14,
  date: 12,
  datetime: 20,
};

/** A sheet name both Excel and LibreOffice accept: at most 31 characters, none of []:*?/\, no apostrophe at either end. */
export function sheetName(title: string, sheetNumber: number): string {
  const suffix = sheetNumber === 1 ? "" : ` (${sheetNumber})`;
  const base =
    title
      .replace(/[[\]:*?/\\\p{Cc}]/gu, " ")
      .replace(/\s+/g, " ")
      .replace(/^[\s']+|[\s']+$/g, "") || "Report";
  return (
    Array.from(base)
      .slice(0, 31 - suffix.length)
      .join("")
      .trimEnd() + suffix
  );
}

export function truncateCellText(value: string): string {
  return value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
}
