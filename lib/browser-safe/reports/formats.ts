import { formatMediaTypeAliases, formatMediaTypes, formatSeparator } from "@/lib/browser-safe/contract-assumptions";

import { reportFormats, type ReportFormat } from "./report-format";

// How a report's `formats` string becomes a list, and which format a media
// type stands for. The formats themselves and their names: report-format.ts.

export { formatName, isReportFormat, reportFormats, type ReportFormat } from "./report-format";

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
