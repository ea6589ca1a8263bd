import "server-only";
import {
  attachmentDisposition,
  parseDispositionFilename,
  sanitizeFilename,
  withExtension,
} from "./content-disposition";
import { formatOfMediaType } from "@/lib/browser-safe/reports/formats";

/**
 * Where a route names the exact length of its body. Next.js drops
 * Content-Length from every route's answer (it cannot know whether the body
 * was decoded on the way) and sends it chunked; scripts/portal-server.mjs
 * sends this header's value as Content-Length instead, so a browser shows a
 * download's size and time left. The browser never sees this header.
 */
export const knownLengthHeader = "x-portal-content-length";

/**
 * The headers a report download is answered with, from an allow-list: a known
 * report media type (else a neutral one), a safe attachment name, no caching,
 * and `no-transform`, which keeps Next.js from gzipping the stream on the fly:
 * gzip at its default level compresses the bench's CSV at about 107 MiB/s of
 * one core, slower than the portal streams it as it is and a core of two
 * taken from the print server and everyone else (the browser would gain only
 * on a slow network). The length is passed on only for a body that was not
 * encoded on the way, because it was decoded here and the length would lie.
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
    headers.set(knownLengthHeader, length);
  return headers;
}
