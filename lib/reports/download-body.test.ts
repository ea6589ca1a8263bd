import { PassThrough, Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodedBody, downloadBody } from "./download-body";

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

describe("downloadBody", () => {
  it("hands on everything buffered in one chunk, not the pieces it arrived in", async () => {
    const source = new PassThrough({ highWaterMark: 1024 * 1024 });
    for (let i = 0; i < 64; i++) source.write(Buffer.alloc(16 * 1024, 97));
    source.end();
    const { text, chunks } = await readAll(downloadBody(source));
    expect(text).toBe("a".repeat(64 * 16 * 1024));
    expect(chunks).toEqual([64 * 16 * 1024]);
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
