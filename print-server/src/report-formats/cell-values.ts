import type { ReportColumn } from "./report-table.js";

/** A cell after checking it against its column: text columns hold strings, number columns finite numbers, date columns valid Dates. */
export type CellValue = string | number | Date | null;

const MS_PER_DAY = 86_400_000;

function describe(column: ReportColumn, expected: string): TypeError {
  // The value itself is left out: report cells may be personal data and errors get logged.
  return new TypeError(`report column "${column.key}" (${column.type}) expects ${expected}`);
}

function toDate(column: ReportColumn, raw: unknown): Date {
  // SQLite hands dates over as ISO 8601 text, so strings are accepted too.
  const date = raw instanceof Date ? raw : typeof raw === "string" ? new Date(raw) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) throw describe(column, "a valid Date or ISO 8601 string");
  if (column.type === "date") return new Date(Math.floor(date.getTime() / MS_PER_DAY) * MS_PER_DAY);
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

export function readCell(column: ReportColumn, raw: unknown): CellValue {
  if (raw === null || raw === undefined) return null;
  switch (column.type) {
    case "text":
      if (typeof raw === "string") return raw;
      if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
      if (raw instanceof Date && !Number.isNaN(raw.getTime())) return isoDateTime(raw);
      throw describe(column, "a string");
    case "integer":
      if (typeof raw === "number" && Number.isInteger(raw)) return raw;
      throw describe(column, "an integer");
    case "money":
      // Rounded to cents here so every format shows the same two decimals.
      if (typeof raw === "number" && Number.isFinite(raw)) return Math.round(raw * 100) / 100 || 0;
      throw describe(column, "a finite number");
    case "date":
    case "datetime":
      return toDate(column, raw);
  }
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** UTC, to the second: "2026-05-01T09:30:00Z". */
export function isoDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** How a checked cell reads in the text formats (CSV, XML, PDF): ISO 8601 dates, money with two decimals, "" for null. */
export function cellText(column: ReportColumn, value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return column.type === "money" ? value.toFixed(2) : String(value);
  return column.type === "date" ? isoDate(value) : isoDateTime(value);
}

/** The row as a record of raw cells, by column key; anything but an object is refused. */
export function rowRecord(row: unknown): Record<string, unknown> {
  if (typeof row !== "object" || row === null) throw new TypeError("each report row must be an object");
  return row as Record<string, unknown>;
}

/** The row's cells in column order, checked. */
export function readRow(columns: readonly ReportColumn[], row: unknown): CellValue[] {
  const record = rowRecord(row);
  return columns.map((column) => readCell(column, record[column.key]));
}
