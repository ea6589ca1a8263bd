import "server-only";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/**
 * How much of the print server's answer may wait in the portal: the upstream
 * socket is paused past it.
 */
export const DOWNLOAD_BUFFER_BYTES = 1024 * 1024;
/**
 * The route hands Next.js chunks of about this size instead of the TLS
 * records of 16 KiB they arrive in: each chunk costs a few promises in the
 * web streams and a `res.write`, and paid 16 times less often that halves the
 * portal's CPU per downloaded byte, which on 2 cores is CPU the print server
 * and the browser need (scripts/bench/measure-download.mjs).
 */
const CHUNK_BYTES = 256 * 1024;
/** How long a chunk that is not full yet may wait for more bytes: a slow print server's bytes still go out as they come. */
const GATHER_MS = 5;

const decoders: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The body decoded as the browser must receive it, or undefined for an
 * encoding the portal cannot undo. The portal asks for identity, but a server
 * may encode anyway; Next.js drops Content-Encoding from a route's answer, so
 * the bytes must leave decoded.
 */
export function decodedBody(body: Readable, contentEncoding: string | undefined): Readable | undefined {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  let decoded = body;
  // Codings are listed in the order they were applied: undone last first.
  for (const coding of codings.reverse()) {
    const decoder = decoders[coding];
    if (!decoder) return undefined;
    const next = decoded.pipe(decoder()) as unknown as Readable;
    decoded.once("error", (error) => next.destroy(error));
    decoded = next;
  }
  return decoded;
}

/**
 * A web stream over a Node stream (the body undici's `request` answers), for
 * a route handler's Response, in chunks of CHUNK_BYTES where the bytes come
 * fast enough. An error or an early close of the source errors the stream,
 * so a download cut off upstream fails in the browser instead of ending as a
 * short file; cancelling (the browser went away) destroys the source, which
 * closes the upstream request.
 */
export function downloadBody(source: Readable): ReadableStream<Uint8Array> {
  let failure: Error | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const signal = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  source.on("readable", signal);
  source.once("end", () => {
    ended = true;
    signal();
  });
  source.once("error", (error) => {
    failure ??= error instanceof Error ? error : new Error("the report download failed");
    signal();
  });
  source.once("close", () => {
    if (!ended) failure ??= new Error("the report download was cut off");
    signal();
  });

  /** The next chunk: what is buffered, and more until CHUNK_BYTES, the end, or GATHER_MS after its first bytes. */
  async function gather(): Promise<Buffer[]> {
    const parts: Buffer[] = [];
    let size = 0;
    let late = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      for (;;) {
        if (failure) throw failure;
        // Without a size, read() answers everything buffered, joined.
        const chunk = source.read() as Buffer | null;
        if (chunk !== null) {
          parts.push(chunk);
          size += chunk.length;
          if (size >= CHUNK_BYTES) return parts;
          timer ??= setTimeout(() => {
            late = true;
            signal();
          }, GATHER_MS);
          continue;
        }
        if (ended || late) return parts;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const parts = await gather();
        if (parts.length > 0) controller.enqueue(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
        if (ended) controller.close();
      },
      cancel(reason) {
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    // Nothing is read ahead: the Node stream's own buffer is the only one.
    { highWaterMark: 0 },
  );
}
