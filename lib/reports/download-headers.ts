import "server-only";
import {
  attachmentDisposition,
  parseDispositionFilename,
  sanitizeFilename,
  withExtension,
} from "./content-disposition";
import { formatOfMediaType } from "@/lib/browser-safe/reports/formats";

/**
 * The headers a report download is answered with, from an allow-list: a known
 * report media type (else a neutral one), a safe attachment name, no caching,
 * and `no-transform`, which keeps Next.js from compressing the stream on the
 * fly (report files are large, and compressing them costs the portal more CPU
 * than a local network saves). The length is passed on only for a body that
 * was not encoded on the way, because it was decoded here and the length would lie.
 */
export function downloadHeaders(upstream: Headers, executionId: number): Headers {
  const contentType = upstream.get("content-type");
  const format = formatOfMediaType(contentType);
  const fallback = `report-${executionId}`;
  const name = sanitizeFilename(parseDispositionFilename(upstream.get("content-disposition")), fallback);
  const headers = new Headers({
    "content-type": format && contentType ? contentType : "application/octet-stream",
    "content-disposition": attachmentDisposition(format ? withExtension(name, format) : name),
    "cache-control": "private, no-store, no-transform",
    "x-content-type-options": "nosniff",
  });
  const encoding = upstream.get("content-encoding");
  const length = upstream.get("content-length");
  if ((!encoding || encoding.toLowerCase() === "identity") && length && /^\d+$/.test(length))
    headers.set("content-length", length);
  return headers;
}
