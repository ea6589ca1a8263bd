import "server-only";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { collectYoungGarbage, YOUNG_GARBAGE_BYTES } from "./young-garbage";

/**
 * How much of the print server's answer may wait in the portal: the upstream
 * socket is paused past it.
 */
export const DOWNLOAD_BUFFER_BYTES = 1024 * 1024;
/**
 * The route hands Next.js chunks of this size instead of the TLS records of
 * 16 KiB they arrive in: each chunk costs a few promises in the web streams
 * and a `res.write`, and paid 16 times less often that halves the portal's
 * CPU per downloaded byte, which on 2 cores is CPU the print server and the
 * browser need (scripts/bench/measure-download.mjs). Chunks of 1 MiB, or a
 * DOWNLOAD_BUFFER_BYTES of 4 MiB, measured no better and now and then far
 * worse (twice the CPU of a download, more garbage collection).
 */
export const DOWNLOAD_CHUNK_BYTES = 256 * 1024;
/**
 * After how many more asks a chunk handed on is filled again (downloadBody):
 * a reader may still hold the three it was given last when it asks for
 * another. Next.js's pipe holds none by then: it asks once the last chunk is
 * written to the socket.
 */
export const LENT_CHUNKS = 4;
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
 * a route handler's Response, in chunks of DOWNLOAD_CHUNK_BYTES where the
 * bytes come fast enough. The source's pieces (16 KiB, one per TLS record)
 * are taken as 'data' events and copied into the chunk being filled: no
 * promise, web stream call or read() per piece, each of which costs a hook
 * for every AsyncLocalStorage of Next.js and scripts/portal-server.mjs; only
 * whole chunks go through the web streams. The source is paused while the
 * browser's side has not asked for the next chunk, so little more than the
 * chunk being filled waits here, and the source's own buffer
 * (DOWNLOAD_BUFFER_BYTES) holds the rest until undici stops reading the
 * socket. An error or an early close of the source errors the stream, so a
 * download cut off upstream fails in the browser instead of ending as a
 * short file; cancelling (the browser went away) destroys the source, which
 * closes the upstream request.
 *
 * A chunk is lent, not given: it is filled again once the reader has asked
 * for LENT_CHUNKS more. Next.js's pipe into the response asks for the next
 * chunk only when the last one is written to the socket, so a download uses
 * the same few chunks from its first MiB to its last, instead of leaving a
 * file's worth of them for the garbage collector and writing each into
 * fresh memory, which some machines make dear (the portal's CPU per 237 MiB
 * file went from 1.3-1.6 s to 0.45-0.81 s there; README "Performance").
 * A reader that keeps chunks (`new Response(body).text()` on
 * a file of more than LENT_CHUNKS + 1 chunks) would see them overwritten; the
 * only reader is the route's answer, and e2e/download-memory.spec.ts checks
 * the digest of a 256 MiB file read through the production server.
 *
 * The source's pieces are garbage once copied; every YOUNG_GARBAGE_BYTES
 * taken, V8 is asked to collect them (young-garbage.ts), where it would let
 * up to 32 MiB of them wait.
 */
export function downloadBody(source: Readable): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  /** Chunks handed on, oldest first, and chunks back to be filled again. */
  const lent: Buffer[] = [];
  const spare: Buffer[] = [];
  const nextChunk = () => spare.pop() ?? Buffer.allocUnsafe(DOWNLOAD_CHUNK_BYTES);
  let chunk = nextChunk();
  let filled = 0;
  /** The browser's side asked for a chunk and has not got it yet. */
  let wanted = false;
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  /** Bytes taken since the last minor collection (young-garbage.ts). */
  let sinceCollected = 0;

  function handOn() {
    clearTimeout(timer);
    timer = undefined;
    if (filled === 0) return;
    wanted = false;
    controller.enqueue(filled === DOWNLOAD_CHUNK_BYTES ? chunk : chunk.subarray(0, filled));
    lent.push(chunk);
    chunk = nextChunk();
    filled = 0;
  }
  /** A chunk that is not full yet leaves GATHER_MS after its first bytes, if it is wanted. */
  function handOnSoon() {
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!wanted || finished) return;
      handOn();
      source.pause();
    }, GATHER_MS);
  }
  function fail(error: Error) {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    controller.error(error);
  }

  source.on("data", (piece: Buffer) => {
    sinceCollected += piece.length;
    if (sinceCollected >= YOUNG_GARBAGE_BYTES) {
      sinceCollected = 0;
      collectYoungGarbage();
    }
    for (let at = 0; at < piece.length;) {
      const copied = piece.copy(chunk, filled, at);
      filled += copied;
      at += copied;
      if (filled === DOWNLOAD_CHUNK_BYTES) handOn();
    }
    if (!wanted) source.pause();
    else if (filled > 0) handOnSoon();
  });
  source.once("end", () => {
    if (finished) return;
    finished = true;
    handOn();
    controller.close();
  });
  source.once("error", (error) => fail(error instanceof Error ? error : new Error("the report download failed")));
  source.once("close", () => fail(new Error("the report download was cut off")));

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        // Nothing is read before the browser's side asks.
        source.pause();
      },
      pull() {
        // Asked for another: the chunks lent LENT_CHUNKS asks ago are written out.
        while (lent.length >= LENT_CHUNKS) spare.push(lent.shift()!);
        wanted = true;
        if (filled > 0) handOnSoon();
        source.resume();
      },
      cancel(reason) {
        finished = true;
        clearTimeout(timer);
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    // Nothing is read ahead: the Node stream's own buffer is the only one.
    { highWaterMark: 0 },
  );
}
