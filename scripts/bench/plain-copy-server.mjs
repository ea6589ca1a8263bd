// The reference of the files measures: "a plain copy through the same
// machine". A minimal Node HTTP server that streams a request's body to a file
// (POST /copy/<name>) and back (GET), and removes it (DELETE), in a folder on the
// same file system as the portal's files. No session, no checks: what is left
// is the cost of moving the bytes over loopback HTTP to and from the disk.

import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";

function answer(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

async function handle(dir, req, res) {
  const name = /^\/copy\/([\w.-]+)$/.exec((req.url ?? "/").split("?")[0])?.[1];
  if (!name) return answer(res, 404, { error: "not_found" });
  const path = join(dir, name);
  if (req.method === "POST") {
    await pipeline(req, createWriteStream(path));
    return answer(res, 201, { size: (await stat(path)).size });
  }
  if (req.method === "GET") {
    const { size } = await stat(path);
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(size) });
    return pipeline(createReadStream(path), res);
  }
  if (req.method === "DELETE") {
    await rm(path, { force: true });
    return answer(res, 200, { deleted: true });
  }
  answer(res, 405, { error: "method_not_allowed" });
}

/** Serves the copies in `dir` on a free port of 127.0.0.1; resolves with its URL and a close. */
export async function startPlainCopyServer(dir) {
  const server = createServer((req, res) => {
    handle(dir, req, res).catch((error) => {
      if (!res.headersSent) answer(res, 500, { error: String(error?.message ?? error) });
      else res.destroy();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
