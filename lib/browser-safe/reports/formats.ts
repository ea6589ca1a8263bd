import { formatMediaTypeAliases, formatMediaTypes, formatSeparator } from "@/lib/browser-safe/contract-assumptions";

// Report formats: which ones the portal knows, how people read their names,
// and how a report's `formats` string becomes a list.

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

/**
 * The formats a report offers, in the portal's order (PDF first). Unknown
 * names are left out: the portal cannot name them or ask for them by type.
 */
export function parseFormats(formats: string): ReportFormat[] {
  const offered = new Set(
    formats
      .split(formatSeparator)
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean),
  );
  return reportFormats.filter((format) => offered.has(format));
}

/** The format a media type stands for, for a file name when the server gives none. */
export function formatOfMediaType(mediaType: string | null): ReportFormat | undefined {
  const essence = (mediaType ?? "").split(";")[0]?.trim().toLowerCase();
  if (!essence) return undefined;
  return (
    reportFormats.find((format) => formatMediaTypes[format].split(";")[0] === essence) ??
    (Object.hasOwn(formatMediaTypeAliases, essence) ? formatMediaTypeAliases[essence] : undefined)
  );
}
