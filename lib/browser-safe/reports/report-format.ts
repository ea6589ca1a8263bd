// Report formats the portal knows, and how people read their names. Apart
// from formats.ts (parsing the server's lists, media types), so the pages'
// scripts carry no contract assumptions.

export const reportFormats = ["pdf", "xlsx", "ods", "csv", "xml"] as const;
export type ReportFormat = (typeof reportFormats)[number];

const readableNames: Record<ReportFormat, string> = {
  pdf: "PDF",
  xlsx: "Excel (XLSX)",
  ods: "OpenDocument (ODS)",
  csv: "CSV",
  xml: "XML",
};

export function isReportFormat(value: unknown): value is ReportFormat {
  return typeof value === "string" && (reportFormats as readonly string[]).includes(value);
}

export function formatName(format: ReportFormat): string {
  return readableNames[format];
}
