import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedCodings, precompressedStatic } from "./precompressed-static.mjs";

const script = `console.log(${JSON.stringify("a line of the portal's script ".repeat(200))});\n`;
let folder;
let origin;
let server;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "static-"));
  mkdirSync(join(folder, "static", "chunks"), { recursive: true });
  writeFileSync(join(folder, "static", "chunks", "app.js"), script);
  writeFileSync(join(folder, "static", "chunks", "tiny.css"), "a{color:red}");
  writeFileSync(join(folder, "static", "chunks", "notes.unknown"), "not a static type");
  writeFileSync(join(folder, "secret.txt"), "outside the static folder");
  const serve = precompressedStatic({
    staticDir: join(folder, "static"),
    headers: [{ key: "X-Content-Type-Options", value: "nosniff" }],
  });
  // What the handler leaves alone gets 418, as if Next.js answered.
  server = createServer((req, res) => {
    void serve(req, res).then((served) => {
      if (!served) res.writeHead(418).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

/** The raw answer (fetch would decode the body; the bytes sent are what is checked). */
function get(path, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("acceptedCodings", () => {
  it("takes brotli before gzip, and neither when refused", () => {
    expect(acceptedCodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedCodings("gzip;q=0.5")).toEqual(["gzip"]);
    expect(acceptedCodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedCodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedCodings("*, br;q=0")).toEqual(["gzip"]);
    expect(acceptedCodings("identity")).toEqual([]);
    expect(acceptedCodings(undefined)).toEqual([]);
  });
});

describe("precompressedStatic", () => {
  it("serves a script gzipped, and brotli once it is ready, with the security headers and a year's cache", async () => {
    const gzipped = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
    expect(gzipped.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(gzipped.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gzipped.headers["x-content-type-options"]).toBe("nosniff");
    expect(gzipped.headers.vary).toBe("Accept-Encoding");

    await expect
      .poll(
        async () =>
          (await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip, br" })).headers["content-encoding"],
      )
      .toBe("br");
    const brotli = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);

    const plain = await get("/_next/static/chunks/app.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("answers a HEAD without a body, and 304 to the ETag it gave", async () => {
    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    const again = await get("/_next/static/chunks/app.js", { "if-none-match": head.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("sends a small file as it is", async () => {
    const tiny = await get("/_next/static/chunks/tiny.css", { "accept-encoding": "gzip, br" });
    expect(tiny.status).toBe(200);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(tiny.body.toString()).toBe("a{color:red}");
  });

  it("leaves to Next.js what it does not serve: missing files, other types, paths out of the folder, other methods", async () => {
    for (const path of [
      "/_next/static/chunks/missing.js",
      "/_next/static/chunks/notes.unknown",
      "/_next/static/../secret.txt",
      "/_next/static/%2e%2e/secret.txt",
      "/_next/static/chunks/..%2F..%2Fsecret.txt",
      "/_next/static/chunks/%E0%A4%A.js",
      "/_next/static/chunks//app.js",
      "/_next/staticx/chunks/app.js",
      "/other/app.js",
    ]) {
      expect((await get(path)).status, path).toBe(418);
    }
    const posted = await new Promise((resolve) => {
      const req = request(`${origin}/_next/static/chunks/app.js`, { method: "POST" }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.end();
    });
    expect(posted).toBe(418);
  });
});
