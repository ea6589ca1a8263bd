import { PassThrough, Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { decodedBody, DOWNLOAD_CHUNK_BYTES, downloadBody, LENT_CHUNKS } from "./download-body";
import { collectYoungGarbage, YOUNG_GARBAGE_BYTES } from "./young-garbage";

// Counted, not run: young-garbage.test.ts checks what a collection frees.
vi.mock("./young-garbage", async (original) => ({
  ...(await original<typeof import("./young-garbage")>()),
  collectYoungGarbage: vi.fn(),
}));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number[] }> {
  const chunks: number[] = [];
  let text = "";
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value.byteLength);
    text += decoder.decode(read.value, { stream: true });
  }
  return { text: text + decoder.decode(), chunks };
}

/** A source of `total` bytes in pieces of `piece` bytes (a, b, c, … by piece), counting what was read from it. */
function countedSource(total: number, piece: number) {
  let made = 0;
  const source = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (made >= total) return void this.push(null);
      const size = Math.min(piece, total - made);
      this.push(Buffer.alloc(size, 97 + ((made / piece) % 26)));
      made += size;
    },
  });
  return { source, made: () => made };
}

/** What countedSource(total, piece) sends, as text. */
function countedText(total: number, piece: number): string {
  return Array.from({ length: Math.ceil(total / piece) }, (_, i) =>
    String.fromCharCode(97 + (i % 26)).repeat(Math.min(piece, total - i * piece)),
  ).join("");
}

describe("downloadBody", () => {
  it("hands on full chunks, not the pieces the bytes arrived in", async () => {
    const source = new PassThrough({ highWaterMark: 1024 * 1024 });
    for (let i = 0; i < 64; i++) source.write(Buffer.alloc(16 * 1024, 97));
    source.end();
    const { text, chunks } = await readAll(downloadBody(source));
    expect(text).toBe("a".repeat(64 * 16 * 1024));
    expect(chunks).toEqual(Array(4).fill(DOWNLOAD_CHUNK_BYTES));
  });

  it("keeps every byte in order when pieces straddle chunks", async () => {
    const piece = 10_000;
    const total = 3 * DOWNLOAD_CHUNK_BYTES + 1234;
    const { source } = countedSource(total, piece);
    const { text, chunks } = await readAll(downloadBody(source));
    expect(text).toBe(countedText(total, piece));
    expect(chunks).toEqual([DOWNLOAD_CHUNK_BYTES, DOWNLOAD_CHUNK_BYTES, DOWNLOAD_CHUNK_BYTES, 1234]);
  });

  it("has the young garbage collected once per YOUNG_GARBAGE_BYTES taken, whatever the file's size", async () => {
    vi.mocked(collectYoungGarbage).mockClear();
    const total = 3 * YOUNG_GARBAGE_BYTES + 5 * 16 * 1024;
    const { source } = countedSource(total, 16 * 1024);
    const { chunks } = await readAll(downloadBody(source));
    expect(chunks.reduce((sum, bytes) => sum + bytes, 0)).toBe(total);
    expect(collectYoungGarbage).toHaveBeenCalledTimes(3);
  });

  it("reads no further ahead than a chunk or two while the browser's side waits", async () => {
    const { source, made } = countedSource(64 * 1024 * 1024, 16 * 1024);
    const reader = downloadBody(source).getReader();
    expect((await reader.read()).value?.byteLength).toBe(DOWNLOAD_CHUNK_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The chunk handed on, at most one more, and the source's own buffer.
    expect(made()).toBeLessThanOrEqual(2 * DOWNLOAD_CHUNK_BYTES + 64 * 1024 + 16 * 1024);
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });

  it("fills the same few chunks from the first byte to the last, for a reader that writes each out first", async () => {
    const piece = 10_000;
    const total = 20 * DOWNLOAD_CHUNK_BYTES + 1234;
    const { source } = countedSource(total, piece);
    const memories = new Set<ArrayBufferLike>();
    let text = "";
    const decoder = new TextDecoder();
    // As Next.js's pipe into the response: the next chunk is asked for once this one is written (here, later).
    await downloadBody(source).pipeTo(
      new WritableStream<Uint8Array>({
        async write(chunk) {
          memories.add(chunk.buffer);
          await new Promise((resolve) => setImmediate(resolve));
          text += decoder.decode(chunk, { stream: true });
        },
      }),
    );
    expect(text + decoder.decode()).toBe(countedText(total, piece));
    expect(memories.size).toBeLessThanOrEqual(LENT_CHUNKS + 1);
  });

  it("leaves a reader the last chunks it was given while it asks for another", async () => {
    const { source } = countedSource(12 * DOWNLOAD_CHUNK_BYTES, 16 * 1024);
    const reader = downloadBody(source).getReader();
    const held: { chunk: Uint8Array; copy: Buffer }[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      // The chunks given before this one, up to LENT_CHUNKS - 1 of them, are as they were.
      for (const { chunk, copy } of held) expect(Buffer.compare(Buffer.from(chunk), copy)).toBe(0);
      held.push({ chunk: read.value, copy: Buffer.from(read.value) });
      if (held.length > LENT_CHUNKS - 1) held.shift();
    }
  });

  it("passes bytes on as they come when the source is slow", async () => {
    const source = new PassThrough();
    const reader = downloadBody(source).getReader();
    source.write("first");
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first");
    source.end("second");
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("second");
    expect((await reader.read()).done).toBe(true);
  });

  it("fails, never ends short, when the source breaks mid-file", async () => {
    const source = new PassThrough();
    const reader = downloadBody(source).getReader();
    source.write("part of the file");
    await reader.read();
    source.destroy(new Error("other side closed"));
    await expect(reader.read()).rejects.toThrow("other side closed");
  });

  it("fails when the source closes without an end or an error", async () => {
    const source = new PassThrough();
    const reader = downloadBody(source).getReader();
    source.write("part");
    await reader.read();
    source.destroy();
    await expect(reader.read()).rejects.toThrow("cut off");
  });

  it("destroys the source when the browser goes away", async () => {
    const source = new PassThrough();
    const stream = downloadBody(source);
    source.write("part");
    await stream.cancel(new Error("gone"));
    expect(source.destroyed).toBe(true);
  });
});

describe("decodedBody", () => {
  it("leaves an identity body as it is", () => {
    const body = Readable.from(["x"]);
    expect(decodedBody(body, undefined)).toBe(body);
    expect(decodedBody(body, "identity")).toBe(body);
  });

  it("undoes gzip", async () => {
    const decoded = decodedBody(Readable.from([gzipSync("Month,Jobs\n")]), "gzip");
    expect(decoded).toBeDefined();
    expect((await readAll(downloadBody(decoded!))).text).toBe("Month,Jobs\n");
  });

  it("answers undefined for a coding it does not know", () => {
    expect(decodedBody(Readable.from(["x"]), "compress")).toBeUndefined();
  });
});
