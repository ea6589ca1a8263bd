import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExternalStorageClient, ExternalStorageError, type ExternalStorageClient } from "./storage-client.js";

let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
const seen: Array<{ url?: string; authorization?: string; method?: string }> = [];
const server = createServer((req, res) => {
  seen.push({ url: req.url, authorization: req.headers.authorization, method: req.method });
  handler(req, res);
});
let client: ExternalStorageClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  client = createExternalStorageClient(
    { url: `http://127.0.0.1:${port}/api/external-storage`, login: "myq", password: "pa:ss" },
    { timeoutMs: 300, maxFileBytes: 10 },
  );
});
afterAll(async () => {
  await client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "fulfilled",
    (err: unknown) => (err instanceof ExternalStorageError ? err.kind : `other: ${String(err)}`),
  );

describe("the external storage client", () => {
  it("sends HTTP Basic and MyQ's paths: the root without a path id, ids URL-encoded with %2F", async () => {
    handler = (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"items":[],"count":0}');
    seen.length = 0;
    await client.listFolder("alice", "");
    await client.listFolder("alice", "To print/sub");
    expect(seen.map((r) => r.url)).toEqual([
      "/api/external-storage/folders/alice",
      "/api/external-storage/folders/alice/To%20print%2Fsub",
    ]);
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from("myq:pa:ss").toString("base64")}`);
  });

  it("parses MyQ's folder shape and refuses any other", async () => {
    const item = { id: "inbox/a.pdf", name: "a.pdf", kind: "file", fileSize: 3, lastModified: 1, mimeType: "x" };
    handler = (_req, res) => res.end(JSON.stringify({ items: [item], count: 1 }));
    expect(await client.listFolder("alice", "inbox")).toEqual([item]);
    handler = (_req, res) => res.end(JSON.stringify({ files: [] }));
    expect(await kindOf(client.listFolder("alice", "inbox"))).toBe("bad_answer");
    handler = (_req, res) => res.end("<html>");
    expect(await kindOf(client.listFolder("alice", "inbox"))).toBe("bad_answer");
  });

  it("tells 401, 404, a redirect, a file over the limit and a silent adapter apart", async () => {
    handler = (_req, res) => res.writeHead(401).end();
    expect(await kindOf(client.fetchFile("alice", "a"))).toBe("unauthorized");
    handler = (_req, res) => res.writeHead(404).end();
    expect(await kindOf(client.deleteFile("alice", "a"))).toBe("not_found");
    handler = (_req, res) => res.writeHead(308, { location: "/elsewhere" }).end();
    expect(await kindOf(client.listFolder("alice", ""))).toBe("bad_answer");
    handler = (_req, res) => res.end(Buffer.alloc(11));
    expect(await kindOf(client.fetchFile("alice", "a"))).toBe("too_large");
    handler = (_req, res) => {
      // No Content-Length: the limit is met while reading.
      res.write(Buffer.alloc(6));
      setTimeout(() => res.end(Buffer.alloc(6)), 20);
    };
    expect(await kindOf(client.fetchFile("alice", "a"))).toBe("too_large");
    handler = (_req, res) => res.end(Buffer.alloc(10, 1));
    expect(await client.fetchFile("alice", "a")).toEqual(Buffer.alloc(10, 1));
    handler = () => undefined; // never answers
    expect(await kindOf(client.listFolder("alice", ""))).toBe("timeout");
  });

  it("uploads as application/octet-stream and takes the adapter's 201", async () => {
    let received: { type?: string; body: string } | undefined;
    handler = (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received = { type: req.headers["content-type"], body: Buffer.concat(chunks).toString() };
        res.writeHead(201).end();
      });
    };
    await client.uploadFile("alice", "scans/s.pdf", Buffer.from("%PDF-"));
    expect(received).toEqual({ type: "application/octet-stream", body: "%PDF-" });
  });

  it("says so when nothing listens at the URL", async () => {
    const nowhere = createExternalStorageClient({ url: "http://127.0.0.1:1/x", login: "a", password: "b" });
    try {
      expect(await kindOf(nowhere.listFolder("alice", ""))).toBe("unreachable");
    } finally {
      await nowhere.close();
    }
  });
});
