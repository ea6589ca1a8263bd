import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pdfBytes, pngBytes } from "@/e2e/files-samples";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { DirectoryStore } from "@/lib/files/directory-store";

const people = {
  alice: { userId: 1, username: "alice", fullName: "Alice Liddell" },
  bob: { userId: 2, username: "bob", fullName: "Bob Builder" },
};
let signedIn = people.alice;
vi.mock("@/lib/auth/current-session", () => ({
  currentSession: vi.fn(async () => ({ status: "active", sessionId: "s1", session: signedIn })),
  sessionUser: (session: typeof signedIn) => session,
  withUserToken: vi.fn(async (_active: unknown, call: (token: string) => Promise<unknown>) => call("user-token")),
}));
vi.mock("@/lib/env", () => ({ getEnv: () => ({ PORTAL_URL: "http://localhost:3000" }) }));
vi.mock("@/lib/i18n/request-locale", () => ({ localeOfRequest: vi.fn(async () => "en") }));
let store: DirectoryStore;
vi.mock("@/lib/files/files-service", () => ({ fileStore: () => store, sweepWhenDue: () => undefined }));

const { GET, POST } = await import("./route");
const fileRoute = await import("./[folder]/[name]/route");
const previewRoute = await import("./[folder]/[name]/preview/route");

let root: string;
const noParams = { params: Promise.resolve({}) };
const fileParams = (folder: string, name: string) => ({ params: Promise.resolve({ folder, name }) });

function upload(bytes: Buffer, name: string, key: string | null = `key-${Math.random().toString(36).slice(2)}`) {
  const headers: Record<string, string> = {
    "sec-fetch-site": "same-origin",
    "content-length": String(bytes.length),
    "x-file-name": encodeURIComponent(name),
  };
  if (key) headers["idempotency-key"] = key;
  return POST(
    new NextRequest("http://localhost:3000/api/files", { method: "POST", headers, body: new Uint8Array(bytes) }),
    noParams,
  );
}

const listOf = async () => (await GET(new NextRequest("http://localhost:3000/api/files"), noParams)).json();

beforeEach(() => {
  signedIn = people.alice;
  root = mkdtempSync(join(tmpdir(), "files-route-"));
  const state = new MemoryStateStore();
  store = new DirectoryStore({
    root,
    limits: { maxFileBytes: 1024 * 1024, quotaFiles: 10, quotaBytes: 10 * 1024 * 1024, retentionMs: 24 * 3_600_000 },
    withLock: (name, task) => state.withLock(name, task),
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("/api/files", () => {
  it("stores an upload, with its pages and removal time, and lists it with the quota", async () => {
    const answer = await upload(pdfBytes(3), "Minutes.pdf");
    expect(answer.status).toBe(201);
    const { file } = await answer.json();
    expect(file).toMatchObject({ name: "Minutes.pdf", pages: 3, type: "application/pdf" });
    expect(Date.parse(file.removedAt) - Date.parse(file.uploadedAt)).toBe(24 * 3_600_000);
    const list = await listOf();
    expect(list.toPrint).toEqual([file]);
    expect(list.usage).toEqual({ files: 1, bytes: pdfBytes(3).length });
    expect(list.limits).toMatchObject({ quotaFiles: 10, retentionHours: 24 });
  });

  it("stores the same upload once when sent twice at once, and 40 in parallel stop at the quota", async () => {
    const twice = await Promise.all([
      upload(pngBytes(), "a.png", "same-key-1"),
      upload(pngBytes(), "a.png", "same-key-1"),
    ]);
    expect(twice.map((answer) => answer.status)).toEqual([201, 201]);
    expect((await listOf()).toPrint).toHaveLength(1);
    const many = await Promise.all(Array.from({ length: 40 }, (_, index) => upload(pngBytes(), `p${index}.png`)));
    expect(many.filter((answer) => answer.status === 201)).toHaveLength(9);
    const refused = many.filter((answer) => answer.status === 413);
    expect(refused).toHaveLength(31);
    expect((await refused[0]!.json()).message).toMatch(/Delete files you have printed/);
  });

  it("refuses an upload without its key or from another site, and a name made of path characters is made safe", async () => {
    expect((await upload(pngBytes(), "a.png", null)).status).toBe(400);
    const crossSite = await POST(
      new NextRequest("http://localhost:3000/api/files", {
        method: "POST",
        headers: {
          "sec-fetch-site": "cross-site",
          "x-file-name": "a.png",
          "idempotency-key": "cross-site-1",
          "content-length": "10",
        },
        body: new Uint8Array(10),
      }),
      noParams,
    );
    expect(crossSite.status).toBe(403);
    const safe = await (await upload(pngBytes(), "../../bob/to-print/x.png")).json();
    expect(safe.file.name).toBe("x.png");
    expect((await listOf()).toPrint.map((file: { name: string }) => file.name)).toEqual(["x.png"]);
  });

  it("serves a file only to its owner, always as a download", async () => {
    await upload(pngBytes(), "plan.png");
    const own = await fileRoute.GET(
      new NextRequest("http://localhost:3000/api/files/to-print/plan.png"),
      fileParams("to-print", "plan.png"),
    );
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toMatch(/^attachment; filename="plan.png"/);
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await own.arrayBuffer()).equals(pngBytes())).toBe(true);

    signedIn = people.bob;
    const request = (method: string) =>
      new NextRequest("http://localhost:3000/api/files/to-print/plan.png", {
        method,
        headers: { "sec-fetch-site": "same-origin" },
      });
    expect((await fileRoute.GET(request("GET"), fileParams("to-print", "plan.png"))).status).toBe(404);
    expect((await previewRoute.GET(request("GET"), fileParams("to-print", "plan.png"))).status).toBe(404);
    expect((await fileRoute.DELETE(request("DELETE"), fileParams("to-print", "plan.png"))).status).toBe(404);
    expect((await listOf()).toPrint).toEqual([]);

    signedIn = people.alice;
    expect((await listOf()).toPrint).toHaveLength(1);
    expect((await fileRoute.DELETE(request("DELETE"), fileParams("to-print", "plan.png"))).status).toBe(200);
    expect((await listOf()).toPrint).toEqual([]);
  });

  it("never reaches out of the person's folder through a name Next.js decoded into a path", async () => {
    signedIn = people.bob;
    await upload(pngBytes(), "plan.png");
    signedIn = people.alice;
    const bobsFolder = (await readdir(root)).find((entry) => !entry.startsWith("."));
    const escapes = [
      `../../${bobsFolder}/to-print/plan.png`,
      `..\\..\\${bobsFolder}\\to-print\\plan.png`,
      "..",
      ".meta",
      `${root}/${bobsFolder}/to-print/plan.png`,
      "plan.png\u0000",
    ];
    for (const name of escapes) {
      const request = (method: string) =>
        new NextRequest("http://localhost:3000/api/files/to-print/x", {
          method,
          headers: { "sec-fetch-site": "same-origin" },
        });
      expect([400, 404], name).toContain((await fileRoute.GET(request("GET"), fileParams("to-print", name))).status);
      expect([400, 404], name).toContain((await previewRoute.GET(request("GET"), fileParams("to-print", name))).status);
      expect([400, 404], name).toContain(
        (await fileRoute.DELETE(request("DELETE"), fileParams("to-print", name))).status,
      );
    }
    // The store refuses such a name too, whoever calls it.
    expect(await store.open("alice", "to-print", `../../${bobsFolder}/to-print/plan.png`)).toBeUndefined();
    expect(await store.remove("alice", "to-print", `../../${bobsFolder}/to-print/plan.png`)).toBe(false);
    signedIn = people.bob;
    expect((await listOf()).toPrint).toHaveLength(1);
  });

  it("draws a PDF's first page as a PNG on demand", async () => {
    await upload(pdfBytes(2), "Two.pdf");
    const preview = await previewRoute.GET(
      new NextRequest("http://localhost:3000/api/files/to-print/Two.pdf/preview"),
      fileParams("to-print", "Two.pdf"),
    );
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await preview.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });
});
