// Every assumption the reports feature makes about the print server that the
// seed and MyQ's public docs do not confirm ([ours] in print-server-api.md).
// Change these, not the code that reads them, to adapt to a real MyQ X server.

/** `formats` is one string, comma-separated, case-insensitive [ours; the seed hides the separator]. */
export const formatSeparator = ",";

/**
 * A 410 from the download endpoint means "failed" or "kept no longer" and the
 * body carries no field that tells them apart (both `{"error":"gone"}`) [ours].
 * The portal decides from what it saw: a file once seen ready, or an execution
 * older than this, has expired; anything else has failed.
 */
export const assumedRetentionMs = 24 * 60 * 60 * 1000;

/** A 404 from the download endpoint means unknown or someone else's [ours]: the entry is dropped. */
export const unknownExecutionStatus = 404;

/** Media types of the formats, used when the server sends none [ours]. */
export const formatMediaTypes = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  xml: "application/xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
} as const;

/** Other media types a server may use for the same formats [ours]. */
export const formatMediaTypeAliases: Record<string, "csv" | "xml"> = {
  "application/csv": "csv",
  "text/comma-separated-values": "csv",
  "text/xml": "xml",
};
