import "server-only";
import { pipeline, Readable, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/**
 * How much of the print server's answer may wait in the portal: past it the
 * upstream socket is paused until the browser's side reads on.
 */
export const DOWNLOAD_BUFFER_BYTES = 1024 * 1024;

const decoders: Record<string, () => Transform> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The body decoded as the browser must receive it, or undefined for an
 * encoding the portal cannot undo. The portal asks for identity, but a server
 * may encode anyway; Next.js drops Content-Encoding from a route's answer, so
 * the bytes must leave decoded. `pipeline` destroys every stage when one
 * fails or is destroyed, so a cancelled download still ends the upstream request.
 */
export function decodedBody(body: Readable, contentEncoding: string | undefined): Readable | undefined {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  // Codings are listed in the order they were applied: undone last first.
  const makers = codings.reverse().map((coding) => decoders[coding]);
  if (!makers.every((make) => make !== undefined)) return undefined;
  let decoded = body;
  for (const make of makers) decoded = pipeline(decoded, make(), () => undefined);
  return decoded;
}

/**
 * A web stream over the Node stream undici's `request` answers, for a route
 * handler's Response. Node's own adapter keeps back-pressure: the source is
 * read only as fast as the browser's side takes it, an error or early close
 * of the source errors the stream (a download cut off upstream fails in the
 * browser instead of ending short), and cancelling it (the browser went
 * away) destroys the source, which closes the upstream request.
 */
export function downloadBody(source: Readable): ReadableStream<Uint8Array> {
  // The same class at run time; @types/node and the DOM library type it apart.
  return Readable.toWeb(source) as ReadableStream<Uint8Array>;
}
