import { PassThrough, Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodedBody, downloadBody } from "./download-body";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
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
  it("keeps every byte in order", async () => {
    const piece = 10_000;
    const total = 3 * 256 * 1024 + 1234;
    const { source } = countedSource(total, piece);
    expect(await readAll(downloadBody(source))).toBe(countedText(total, piece));
  });

  it("reads no further ahead than the buffers while the browser's side waits", async () => {
    const { source, made } = countedSource(64 * 1024 * 1024, 16 * 1024);
    const reader = downloadBody(source).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The source's own buffer and the web stream's queue, each about its high-water mark: far from the whole file.
    expect(made()).toBeLessThanOrEqual(4 * 64 * 1024);
    await reader.cancel();
    expect(source.destroyed).toBe(true);
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
    await expect(reader.read()).rejects.toThrow();
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
    expect(await readAll(downloadBody(decoded!))).toBe("Month,Jobs\n");
  });

  it("undoes codings in the reverse of the order they were applied", async () => {
    const twice = gzipSync(gzipSync("Month,Jobs\n"));
    expect(await readAll(downloadBody(decodedBody(Readable.from([twice]), "gzip, x-gzip")!))).toBe("Month,Jobs\n");
  });

  it("destroys the upstream body when the decoded download is cancelled", async () => {
    const upstream = new PassThrough();
    upstream.write(gzipSync("Month,Jobs\n".repeat(1000)));
    const stream = downloadBody(decodedBody(upstream, "gzip")!);
    await stream.cancel(new Error("gone"));
    await expect.poll(() => upstream.destroyed).toBe(true);
  });

  it("answers undefined for a coding it does not know", () => {
    expect(decodedBody(Readable.from(["x"]), "compress")).toBeUndefined();
    expect(decodedBody(Readable.from(["x"]), "gzip, compress")).toBeUndefined();
  });
});
