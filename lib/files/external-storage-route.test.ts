import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pdfBytes, pngBytes } from "@/e2e/files-samples";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { DirectoryStore } from "./directory-store";

const env = {
  PORTAL_EXTERNAL_STORAGE_LOGIN: "myq",
  PORTAL_EXTERNAL_STORAGE_PASSWORD: "a-long-adapter-password",
} as Record<string, string | undefined>;
vi.mock("@/lib/env", () => ({ getEnv: () => env }));
let store: DirectoryStore;
vi.mock("./files-service", () => ({ fileStore: () => store, sweepWhenDue: () => undefined }));

const { externalStorageHandler } = await import("./external-storage-route");
const handlers = {
  GET: externalStorageHandler("GET"),
  POST: externalStorageHandler("POST"),
  DELETE: externalStorageHandler("DELETE"),
};

let root: string;
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
const rightLogin = basic("myq", "a-long-adapter-password");

function call(
  method: keyof typeof handlers,
  path: string,
  { body, auth = rightLogin }: { body?: Buffer; auth?: string } = {},
) {
  const headers: Record<string, string> = { authorization: auth };
  if (body) headers["content-length"] = String(body.length);
  return handlers[method](
    new NextRequest(`http://portal.test/api/external-storage${path}`, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
    }),
  );
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "adapter-"));
  const state = new MemoryStateStore();
  store = new DirectoryStore({
    root,
    limits: { maxFileBytes: 64 * 1024, quotaFiles: 20, quotaBytes: 1024 * 1024, retentionMs: 24 * 3_600_000 },
    withLock: (name, task) => state.withLock(name, task),
  });
  env.PORTAL_EXTERNAL_STORAGE_LOGIN = "myq";
  env.PORTAL_EXTERNAL_STORAGE_PASSWORD = "a-long-adapter-password";
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the external storage adapter", () => {
  it("lists the root's two folders, with or without a trailing slash", async () => {
    for (const path of ["/folders/alice/", "/folders/alice"]) {
      const answer = await call("GET", path);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        items: [
          { id: "to-print", name: "To print", kind: "dir" },
          { id: "scans", name: "Scans", kind: "dir" },
        ],
        count: 2,
      });
    }
  });

  it("takes a scan, lists it in MyQ's shape and serves its bytes unchanged; delete removes it", async () => {
    const scan = pdfBytes(1);
    const posted = await call("POST", "/files/alice/scans%2Fscan%201.pdf", { body: scan });
    expect(posted.status).toBe(201);
    const listed = await (await call("GET", "/folders/alice/scans")).json();
    expect(listed).toEqual({
      items: [
        {
          id: "scans/scan 1.pdf",
          name: "scan 1.pdf",
          kind: "file",
          fileSize: scan.length,
          lastModified: expect.any(Number),
          mimeType: "application/pdf",
        },
      ],
      count: 1,
    });
    expect(listed.items[0].lastModified).toBeLessThanOrEqual(Date.now() / 1000);
    const fetched = await call("GET", `/files/alice/${encodeURIComponent(listed.items[0].id)}`);
    expect(fetched.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(scan)).toBe(true);
    expect((await call("DELETE", "/files/alice/scans%2Fscan%201.pdf")).status).toBe(204);
    expect((await call("GET", "/files/alice/scans%2Fscan%201.pdf")).status).toBe(404);
  });

  it("shows bob nothing of alice's: not in lists, not by id, not to delete", async () => {
    await call("POST", "/files/alice/to-print%2Fplan.png", { body: pngBytes() });
    expect((await (await call("GET", "/folders/bob/to-print")).json()).count).toBe(0);
    expect((await call("GET", "/files/bob/to-print%2Fplan.png")).status).toBe(404);
    expect((await call("DELETE", "/files/bob/to-print%2Fplan.png")).status).toBe(404);
    expect((await (await call("GET", "/folders/alice/to-print")).json()).count).toBe(1);
  });

  it("answers 401 with a challenge for a wrong or missing login", async () => {
    for (const auth of [basic("myq", "wrong"), basic("other", "a-long-adapter-password"), "", "Bearer x"]) {
      const answer = await call("GET", "/folders/alice/", { auth });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Basic /);
    }
  });

  it("answers 400 for an id that leaves the person's folder, before touching the disk", async () => {
    for (const id of ["..%2Fbob%2Fto-print%2Fa.pdf", "%2Fetc%2Fpasswd", "to-print%5Ca.pdf", "a%00.pdf", "scans%2F.."]) {
      const answer = await call("POST", `/files/alice/${id}`, { body: pngBytes() });
      expect(answer.status, id).toBe(400);
      expect(await answer.json()).toMatchObject({ error: "invalid_request" });
    }
    // A whole segment of %2E%2E is resolved by URL parsing before any handler: it names no person's folder.
    expect((await call("POST", "/files/alice/%2E%2E", { body: pngBytes() })).status).toBe(404);
    expect(readdirSync(root)).toEqual([]);
  });

  it("answers 404 for unknown folders and files, and 413 for a body over the limit", async () => {
    expect((await call("GET", "/folders/alice/elsewhere")).status).toBe(404);
    expect((await call("GET", "/files/alice/to-print%2Fmissing.pdf")).status).toBe(404);
    expect((await call("GET", "/files/alice/a%2Fb%2Fc.pdf")).status).toBe(404);
    const big = Buffer.concat([pngBytes(), Buffer.alloc(70 * 1024)]);
    expect((await call("POST", "/files/alice/scans%2Fbig.png", { body: big })).status).toBe(413);
    expect((await (await call("GET", "/folders/alice/scans")).json()).count).toBe(0);
  });

  it("is off, saying so, without a login and password", async () => {
    env.PORTAL_EXTERNAL_STORAGE_LOGIN = undefined;
    env.PORTAL_EXTERNAL_STORAGE_PASSWORD = undefined;
    const answer = await call("GET", "/folders/alice/");
    expect(answer.status).toBe(404);
    expect((await answer.json()).message).toMatch(/PORTAL_EXTERNAL_STORAGE_LOGIN/);
  });
});
