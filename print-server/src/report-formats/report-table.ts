export type ReportFormat = "pdf" | "csv" | "xml" | "xlsx" | "ods";

export type ReportCell = string | number | Date | null;

export type ReportColumnType = "text" | "integer" | "money" | "date" | "datetime";

export interface ReportColumn {
  key: string;
  title: string;
  type: ReportColumnType;
}

export type ReportRow = Record<string, ReportCell>;

export interface ReportTable {
  /** e.g. "My monthly summary" */
  title: string;
  /** e.g. "Alice Liddell, 2026-05-01 to 2026-11-21" */
  subtitle?: string;
  /** ISO 4217 code shown with money columns */
  currency?: string;
  columns: ReportColumn[];
  /** Consumed one row at a time while the file is written, never collected. */
  rows: Iterable<ReportRow> | AsyncIterable<ReportRow>;
}

export interface WriteReportOptions {
  /** Aborting stops the write, which then rejects and removes the partial file. */
  signal?: AbortSignal;
}
