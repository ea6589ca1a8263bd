import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { webBody } from "@/lib/http/web-body";
import { currentRequest } from "@/lib/request-context";
import type { OpenedFile } from "./file-store";

// A stored file served: streamed from disk, always as a download
// (attachment, nosniff), so nothing a person uploaded is ever rendered as a
// page of the portal's origin. An <img> still shows an image served so.

/** Content-Disposition naming `name` for every browser (RFC 6266 with an ASCII fallback). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileResponse(opened: OpenedFile, { cache = "private, no-store" } = {}): Response {
  // The length lets a browser show the size and the time left, and tell a file cut short.
  currentRequest()?.sendLength(opened.file.size);
  return new Response(webBody(opened.read()), {
    headers: {
      "content-type": opened.file.type,
      "content-disposition": attachment(opened.file.name),
      "x-content-type-options": "nosniff",
      "cache-control": cache,
    },
  });
}

/** A request body as a Node stream (an absent body is an empty one). */
export function bodyStream(body: ReadableStream<Uint8Array> | null): Readable {
  return body ? Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>) : Readable.from([]);
}

/** The declared body length, when there is a valid one. */
export function declaredLength(headers: Headers): number | undefined {
  const value = headers.get("content-length");
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}
