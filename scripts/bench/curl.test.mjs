import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlRequest } from "./curl.mjs";

const hasCurl = (() => {
  try {
    execFileSync("curl", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasCurl)("curlRequest against a local server", () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-curl-"));
  const upload = join(dir, "body.bin");
  let server;
  let url;
  const seen = [];

  beforeAll(async () => {
    writeFileSync(upload, Buffer.alloc(3000, 7));
    server = createServer((req, res) => {
      let bytes = 0;
      req.on("data", (chunk) => (bytes += chunk.length));
      req.on("end", () => {
        seen.push({ method: req.method, bytes, cookie: req.headers.cookie, expect: req.headers.expect });
        if (req.method === "POST") res.writeHead(201, { "content-type": "application/json" }).end(`{"got":${bytes}}`);
        else res.writeHead(200, { "content-length": "5000" }).end(Buffer.alloc(5000));
      });
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${server.address().port}/`;
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads a GET to its end and answers its status, bytes and encoding", async () => {
    const answer = await curlRequest(url, { cookie: 'a="b"' });
    expect(answer).toMatchObject({ statusCode: 200, bytes: 5000, uploadedBytes: 0, encoding: "identity", body: "" });
    expect(answer.seconds).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ method: "GET", cookie: 'a="b"' });
  });

  it("sends a file as the body by the method given, without waiting for 100 Continue, and keeps the answer", async () => {
    const answer = await curlRequest(url, {}, { upload, method: "POST" });
    expect(answer).toMatchObject({ statusCode: 201, uploadedBytes: 3000 });
    expect(JSON.parse(answer.body)).toEqual({ got: 3000 });
    expect(seen.at(-1)).toMatchObject({ method: "POST", bytes: 3000, expect: undefined });
  });
});
