import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pdfBytes, pngBytes } from "@/e2e/files-samples";
import { PortalError } from "@/lib/browser-safe/errors";
import { MemoryStateStore } from "@/lib/state/memory-state-store";
import { DirectoryStore, ownerSegment } from "./directory-store";
import type { FileLimits, WriteRequest } from "./file-store";

// `link` as it is, but able to fail once as when a name is taken meanwhile.
const { link } = vi.hoisted(() => ({ link: { failNext: false } }));
vi.mock("node:fs/promises", async (original) => {
  const fs = await original<typeof import("node:fs/promises")>();
  return {
    ...fs,
    link: async (from: string, to: string) => {
      if (!link.failNext) return fs.link(from, to);
      link.failNext = false;
      throw Object.assign(new Error("file exists"), { code: "EEXIST" });
    },
  };
});

let root: string;
let now: number;
const hour = 3_600_000;

function store(limits: Partial<FileLimits> = {}, state = new MemoryStateStore()) {
  return new DirectoryStore({
    root,
    limits: {
      maxFileBytes: 1024 * 1024,
      quotaFiles: 50,
      quotaBytes: 50 * 1024 * 1024,
      retentionMs: 24 * hour,
      ...limits,
    },
    withLock: (name, task) => state.withLock(name, task),
    now: () => now,
  });
}

const upload = (bytes: Buffer, extra: Partial<WriteRequest> = {}): WriteRequest => ({
  owner: "alice",
  folder: "to-print",
  name: "report.pdf",
  body: Readable.from([bytes]),
  expectedBytes: bytes.length,
  replace: false,
  printableOnly: true,
  ...extra,
});

const sentenceOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "stored",
    (error: unknown) => (error instanceof PortalError ? error.sentenceKey : String(error)),
  );

/** Every entry under the root, dot folders included, as relative paths. */
const entries = () => readdirSync(root, { recursive: true }).map(String).sort();

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "files-store-"));
  now = Date.parse("2026-12-07T08:00:00Z");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("DirectoryStore", () => {
  it("writes to a temporary file and renames it into place only when whole", async () => {
    const files = store();
    const body = new PassThrough();
    const writing = files.write(upload(pdfBytes(3), { body }));
    const pdf = pdfBytes(3);
    body.write(pdf.subarray(0, 100));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entries().filter((entry) => !entry.startsWith(".tmp"))).toEqual([]);
    expect(readdirSync(join(root, ".tmp"))).toHaveLength(1);
    body.end(pdf.subarray(100));
    const stored = await writing;
    expect(stored).toMatchObject({ name: "report.pdf", pages: 3, type: "application/pdf", size: pdf.length });
    expect(stored.removedAt - stored.uploadedAt).toBe(24 * hour);
    expect(readdirSync(join(root, ".tmp"))).toEqual([]);
    expect(await files.list("alice", "to-print")).toEqual([stored]);
  });

  it("keeps nothing of an upload cut off half-way, or shorter than declared", async () => {
    const files = store();
    const body = new PassThrough();
    const writing = sentenceOf(files.write(upload(pdfBytes(2), { body })));
    body.write(pdfBytes(2).subarray(0, 200));
    body.destroy(new Error("aborted"));
    expect(await writing).toBe("files.answers.cutOff");
    const short = pdfBytes(2);
    expect(await sentenceOf(files.write(upload(short, { expectedBytes: short.length + 10 })))).toBe(
      "files.answers.cutOff",
    );
    expect(readdirSync(join(root, ".tmp"))).toEqual([]);
    expect(await files.list("alice", "to-print")).toEqual([]);
  });

  it("refuses an empty file, a wrong type, a broken or encrypted PDF and a file over the size limit", async () => {
    const files = store({ maxFileBytes: 2000 });
    expect(await sentenceOf(files.write(upload(Buffer.alloc(0))))).toBe("files.answers.empty");
    expect(await sentenceOf(files.write(upload(Buffer.from("<html>hello</html>"))))).toBe("files.answers.wrongType");
    expect(await sentenceOf(files.write(upload(Buffer.from("%PDF-1.4\nnothing else"))))).toBe(
      "files.answers.brokenPdf",
    );
    expect(await sentenceOf(files.write(upload(pdfBytes(1, { encrypted: true }))))).toBe("files.answers.encryptedPdf");
    const big = Buffer.concat([pngBytes(), Buffer.alloc(3000)]);
    expect(await sentenceOf(files.write(upload(big)))).toBe("files.answers.tooLarge");
    expect(await sentenceOf(files.write(upload(big, { expectedBytes: undefined })))).toBe("files.answers.tooLarge");
    expect(entries().filter((entry) => !entry.startsWith(".tmp"))).toEqual([]);
    expect(readdirSync(join(root, ".tmp"))).toEqual([]);
  });

  it("lets 40 parallel uploads past the file quota only as far as it goes", async () => {
    const files = store({ quotaFiles: 10 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        sentenceOf(files.write(upload(pngBytes(), { name: `photo-${index}.png`, expectedBytes: undefined }))),
      ),
    );
    expect(results.filter((result) => result === "stored")).toHaveLength(10);
    expect(results.filter((result) => result === "files.answers.quotaFull")).toHaveLength(30);
    expect(await files.usage("alice")).toEqual({ files: 10, bytes: 10 * pngBytes().length });
    expect(readdirSync(join(root, ".tmp"))).toEqual([]);
  });

  it("counts bytes across both folders in the quota", async () => {
    const pdf = pdfBytes(1);
    const files = store({ quotaBytes: pdf.length * 2 + 10 });
    await files.write(upload(pdf));
    await files.write(upload(pdf, { folder: "scans", name: "scan.pdf", replace: true, printableOnly: false }));
    expect(await sentenceOf(files.write(upload(pdf, { name: "third.pdf" })))).toBe("files.answers.quotaFull");
  });

  it("stores the same upload once when it is sent twice, and numbers a second file of the same name", async () => {
    const files = store();
    const [first, second] = await Promise.all([
      files.write(upload(pdfBytes(1), { uploadKey: "key-0001" })),
      files.write(upload(pdfBytes(1), { uploadKey: "key-0001" })),
    ]);
    expect(second).toEqual(first);
    const other = await files.write(upload(pdfBytes(1), { uploadKey: "key-0002" }));
    expect(other.name).toBe("report (2).pdf");
    expect((await files.list("alice", "to-print")).map((file) => file.name).sort()).toEqual([
      "report (2).pdf",
      "report.pdf",
    ]);
  });

  it("keeps each person's files apart", async () => {
    const files = store();
    await files.write(upload(pdfBytes(1)));
    expect(await files.list("bob", "to-print")).toEqual([]);
    expect(await files.open("bob", "to-print", "report.pdf")).toBeUndefined();
    expect(await files.remove("bob", "to-print", "report.pdf")).toBe(false);
    expect(await files.list("ALICE", "to-print")).toHaveLength(1);
    expect(ownerSegment("../bob")).not.toContain("/");
    expect(ownerSegment("..")).toBe("%2E%2E");
  });

  it("hides files past the retention at once and removes them when the sweep runs", async () => {
    const files = store();
    await files.write(upload(pdfBytes(1)));
    now += 24 * hour;
    expect(await files.list("alice", "to-print")).toEqual([]);
    expect(await files.removeExpired()).toBe(1);
    expect(entries().filter((entry) => entry.endsWith(".pdf") || entry.endsWith(".json"))).toEqual([]);
  });

  it("leaves no record behind when the name is taken meanwhile, by hand", async () => {
    const files = store();
    link.failNext = true;
    await expect(files.write(upload(pdfBytes(1)))).rejects.toThrow("file exists");
    expect(entries().filter((entry) => !entry.endsWith(".tmp") && entry !== ".tmp")).toEqual([
      "alice",
      join("alice", "to-print"),
      join("alice", "to-print", ".meta"),
    ]);
    expect(await files.list("alice", "to-print")).toEqual([]);
  });

  it("sweeps a person's files under their lock, so it waits for an upload of theirs settling", async () => {
    const state = new MemoryStateStore();
    const files = store({}, state);
    await files.write(upload(pdfBytes(1)));
    now += 24 * hour;
    const stored = join("alice", "to-print", "report.pdf");
    let sweep: Promise<number> | undefined;
    await state.withLock(`files:${ownerSegment("alice")}`, async () => {
      sweep = files.removeExpired();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(entries()).toContain(stored);
    });
    expect(await sweep).toBe(1);
    expect(entries()).not.toContain(stored);
  });
});
