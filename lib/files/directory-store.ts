import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod/mini";
import { PortalError, type SentenceKey } from "@/lib/browser-safe/errors";
import { isKeptName, numberedName } from "./file-name";
import { sniffBytes, sniffType } from "./file-type";
import { checkPdf } from "./pdf-info";
import {
  folders,
  type FileLimits,
  type FileStore,
  type Folder,
  type OpenedFile,
  type StoredFile,
  type Usage,
  type WriteRequest,
} from "./file-store";

// The files in a directory that every portal instance shares:
//   <root>/<person>/<folder>/<name>            the content
//   <root>/<person>/<folder>/.meta/<name>.json  type, pages, upload time, upload key
//   <root>/.tmp/<random>                        uploads under way
// An upload is written to .tmp and renamed into place once whole and checked
// (a rename within one file system is atomic), so a crash or a cut-off
// upload leaves no half file where anyone looks. The check of a person's
// quota and the rename run under one lock of the state store, so parallel
// uploads, on any instance, cannot together pass the quota.

const metaSchema = z.object({
  type: z.string(),
  pages: z.nullable(z.number()),
  uploadedAt: z.number(),
  uploadKey: z.optional(z.string()),
});
type Meta = z.infer<typeof metaSchema>;

/** Leftovers of an upload under way older than this were cut off by a crash. */
const staleTempMs = 60 * 60 * 1000;

/**
 * Stored files are read in pieces of this size, not Node's 64 KiB: on its way
 * out each piece crosses a web stream and Next.js's writer, so fewer pieces
 * cost less CPU, and back-pressure still holds at most a few per download.
 */
const readPieceBytes = 256 * 1024;

export type WithLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface DirectoryStoreOptions {
  root: string;
  limits: FileLimits;
  withLock: WithLock;
  now?: () => number;
}

/** A person's folder name: their user name, encoded so it is one safe path segment. */
export function ownerSegment(owner: string): string {
  const encoded = encodeURIComponent(owner.normalize("NFC").toLowerCase()).replace(
    /[.*!'()~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return encoded.length <= 150 ? encoded : `h-${createHash("sha256").update(encoded).digest("hex")}`;
}

type Answer = "empty" | "wrongType" | "tooLarge" | "quotaFull" | "cutOff" | "brokenPdf" | "encryptedPdf" | "diskFull";

const refusal = (code: "bad_request" | "too_large" | "unavailable", key: Answer, reason: string) =>
  new PortalError(code, { sentenceKey: `files.answers.${key}` satisfies SentenceKey, reason });

function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** Counts and caps the bytes passing through, and keeps the first few for the type check. */
class Measure extends Transform {
  bytes = 0;
  head = Buffer.alloc(0);
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(refusal("too_large", "tooLarge", "file over the size limit"));
      return;
    }
    if (this.head.length < sniffBytes) this.head = Buffer.concat([this.head, chunk.subarray(0, sniffBytes)]);
    done(null, chunk);
  }
}

export class DirectoryStore implements FileStore {
  readonly limits: FileLimits;
  private readonly root: string;
  private readonly withLock: WithLock;
  private readonly now: () => number;

  constructor(options: DirectoryStoreOptions) {
    this.root = options.root;
    this.limits = options.limits;
    this.withLock = options.withLock;
    this.now = options.now ?? Date.now;
  }

  private folderPath(owner: string, folder: Folder): string {
    return join(this.root, ownerSegment(owner), folder);
  }

  /** The path of `name` in the person's folder; a name that is not one kept name (a path, a dot entry) is refused. */
  private filePath(owner: string, folder: Folder, name: string): string {
    if (!isKeptName(name)) throw new PortalError("not_found", { reason: "not a kept file name" });
    return join(this.folderPath(owner, folder), name);
  }

  private metaPath(owner: string, folder: Folder, name: string): string {
    return join(dirname(this.filePath(owner, folder, name)), ".meta", `${name}.json`);
  }

  private async readMeta(owner: string, folder: Folder, name: string): Promise<Meta | undefined> {
    try {
      const parsed = metaSchema.safeParse(JSON.parse(await readFile(this.metaPath(owner, folder, name), "utf8")));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  private async describe(owner: string, folder: Folder, name: string): Promise<(StoredFile & Meta) | undefined> {
    let size: number;
    let modified: number;
    try {
      const info = await stat(this.filePath(owner, folder, name));
      if (!info.isFile()) return undefined;
      size = info.size;
      modified = info.mtimeMs;
    } catch {
      return undefined;
    }
    // A file put there by hand has no record: its time is its modification time.
    const meta = (await this.readMeta(owner, folder, name)) ?? {
      type: "application/octet-stream",
      pages: null,
      uploadedAt: modified,
    };
    const removedAt = meta.uploadedAt + this.limits.retentionMs;
    if (removedAt <= this.now()) return undefined;
    return { ...meta, folder, name, size, removedAt };
  }

  private async names(owner: string, folder: Folder): Promise<string[]> {
    try {
      return (await readdir(this.folderPath(owner, folder))).filter((name) => !name.startsWith("."));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  private async describeAll(owner: string, folder: Folder): Promise<(StoredFile & Meta)[]> {
    const described = await Promise.all(
      (await this.names(owner, folder)).map((name) => this.describe(owner, folder, name)),
    );
    return described.filter((file) => file !== undefined);
  }

  async list(owner: string, folder: Folder): Promise<StoredFile[]> {
    return (await this.describeAll(owner, folder))
      .map((file) => this.withoutKey(file))
      .sort((a, b) => b.uploadedAt - a.uploadedAt || a.name.localeCompare(b.name));
  }

  async usage(owner: string): Promise<Usage> {
    const all = (await Promise.all(folders.map((folder) => this.describeAll(owner, folder)))).flat();
    return { files: all.length, bytes: all.reduce((sum, file) => sum + file.size, 0) };
  }

  private refuseOverQuota(usage: Usage, adding: Usage): void {
    if (usage.files + adding.files > this.limits.quotaFiles || usage.bytes + adding.bytes > this.limits.quotaBytes)
      throw refusal("too_large", "quotaFull", "quota reached");
  }

  async write(request: WriteRequest): Promise<StoredFile> {
    const { owner } = request;
    // The sender may go away while the quota is read, before the pipeline listens; the pipeline still sees it.
    request.body.on("error", () => undefined);
    if (request.expectedBytes !== undefined && request.expectedBytes > this.limits.maxFileBytes)
      throw refusal("too_large", "tooLarge", "declared file over the size limit");
    // A full quota refuses before a byte is read (checked again, under the lock, before the rename).
    if (!request.replace)
      this.refuseOverQuota(await this.usage(owner), { files: 1, bytes: request.expectedBytes ?? 0 });
    const tempDir = join(this.root, ".tmp");
    const temp = join(tempDir, randomUUID());
    try {
      await mkdir(tempDir, { recursive: true });
      const measure = new Measure(this.limits.maxFileBytes);
      await this.receive(request, measure, temp);
      const type = sniffType(measure.head);
      if (measure.bytes === 0) throw refusal("bad_request", "empty", "empty file");
      if (!type && request.printableOnly) throw refusal("bad_request", "wrongType", "not PDF, JPEG or PNG");
      const pages = await this.pagesOf(type, temp);
      const meta: Meta = {
        type: type ?? "application/octet-stream",
        pages,
        uploadedAt: this.now(),
        uploadKey: request.uploadKey,
      };
      return await this.withLock(`files:${ownerSegment(owner)}`, () => this.settle(request, temp, meta, measure.bytes));
    } catch (error) {
      if (isDiskFull(error)) throw refusal("unavailable", "diskFull", "storage full");
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  private async receive(request: WriteRequest, measure: Measure, temp: string): Promise<void> {
    const sink = createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(request.body, measure, sink, { signal: request.signal });
    } catch (error) {
      // A stream destroyed while its file is still being opened creates the file after the
      // failure: wait for it to close, so the caller's removal finds the file.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
      if (error instanceof PortalError || isDiskFull(error)) throw error;
      throw refusal("bad_request", "cutOff", "upload cut off");
    }
    if (request.expectedBytes !== undefined && measure.bytes !== request.expectedBytes)
      throw refusal("bad_request", "cutOff", "fewer bytes than declared");
  }

  private async pagesOf(type: string | undefined, temp: string): Promise<number | null> {
    if (type === "image/jpeg" || type === "image/png") return 1;
    if (type !== "application/pdf") return null;
    const check = await checkPdf(temp);
    if (!check.ok)
      throw refusal("bad_request", check.problem === "encrypted" ? "encryptedPdf" : "brokenPdf", check.problem);
    return check.pages;
  }

  /** Under the person's lock: the same upload again, the quota, a free name, then the rename. */
  private async settle(request: WriteRequest, temp: string, meta: Meta, bytes: number): Promise<StoredFile> {
    const { owner, folder } = request;
    const existing = await this.describeAll(owner, folder);
    const same = request.uploadKey ? existing.find((file) => file.uploadKey === request.uploadKey) : undefined;
    if (same) return this.withoutKey(same);
    const replaced = request.replace ? existing.find((file) => file.name === request.name) : undefined;
    const usage = await this.usage(owner);
    this.refuseOverQuota(
      { files: usage.files - (replaced ? 1 : 0), bytes: usage.bytes - (replaced?.size ?? 0) },
      { files: 1, bytes },
    );
    const taken = new Set(await this.names(owner, folder));
    let name = request.name;
    for (let number = 2; !request.replace && taken.has(name); number += 1) name = numberedName(request.name, number);
    const folderPath = this.folderPath(owner, folder);
    await mkdir(join(folderPath, ".meta"), { recursive: true });
    const metaTemp = `${temp}.meta`;
    await writeFile(metaTemp, JSON.stringify(meta), { flag: "wx" });
    try {
      await rename(metaTemp, this.metaPath(owner, folder, name));
    } finally {
      await rm(metaTemp, { force: true });
    }
    const target = join(folderPath, name);
    if (request.replace) await rename(temp, target);
    else {
      // Linked, not renamed: a name taken meanwhile (by hand) fails instead of being lost, and the record just written goes.
      await link(temp, target).catch(async (error: unknown) => {
        await rm(this.metaPath(owner, folder, name), { force: true });
        throw error;
      });
      await unlink(temp);
    }
    return {
      folder,
      name,
      size: bytes,
      type: meta.type,
      pages: meta.pages,
      uploadedAt: meta.uploadedAt,
      removedAt: meta.uploadedAt + this.limits.retentionMs,
    };
  }

  private withoutKey(file: StoredFile & Meta): StoredFile {
    const { folder, name, size, type, pages, uploadedAt, removedAt } = file;
    return { folder, name, size, type, pages, uploadedAt, removedAt };
  }

  async open(owner: string, folder: Folder, name: string): Promise<OpenedFile | undefined> {
    const described = await this.describe(owner, folder, name);
    if (!described) return undefined;
    const localPath = this.filePath(owner, folder, name);
    return {
      file: this.withoutKey(described),
      localPath,
      read: (): Readable => createReadStream(localPath, { highWaterMark: readPieceBytes }),
    };
  }

  async remove(owner: string, folder: Folder, name: string): Promise<boolean> {
    return this.withLock(`files:${ownerSegment(owner)}`, async () => {
      const described = await this.describe(owner, folder, name);
      if (!described) return false;
      await rm(this.filePath(owner, folder, name), { force: true });
      await rm(this.metaPath(owner, folder, name), { force: true });
      return true;
    });
  }

  async removeExpired(): Promise<number> {
    let removed = 0;
    const now = this.now();
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      if (entry.name === ".tmp") {
        await this.removeStaleTemps(join(this.root, entry.name), now);
        continue;
      }
      // Under the person's lock: an upload settling meanwhile (a scan sent again under its name) is not removed with the old file.
      removed += await this.withLock(`files:${entry.name}`, async () => {
        let inFolders = 0;
        for (const folder of folders) inFolders += await this.removeExpiredIn(join(this.root, entry.name, folder), now);
        return inFolders;
      });
    }
    return removed;
  }

  private async removeStaleTemps(dir: string, now: number): Promise<void> {
    for (const name of await readdir(dir).catch(() => [])) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > staleTempMs) await rm(path, { force: true });
    }
  }

  private async removeExpiredIn(dir: string, now: number): Promise<number> {
    let removed = 0;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((entry) => !entry.startsWith("."))) {
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (!info) continue;
      const meta = await readFile(join(dir, ".meta", `${name}.json`), "utf8")
        .then((text) => metaSchema.safeParse(JSON.parse(text)))
        .catch(() => undefined);
      const uploadedAt = meta?.success ? meta.data.uploadedAt : info.mtimeMs;
      if (uploadedAt + this.limits.retentionMs > now) continue;
      await rm(join(dir, name), { force: true });
      await rm(join(dir, ".meta", `${name}.json`), { force: true });
      removed += 1;
    }
    // A record whose file is gone (a crash between the two renames).
    const kept = new Set(await readdir(dir).catch(() => [] as string[]));
    for (const record of await readdir(join(dir, ".meta")).catch(() => [] as string[])) {
      if (!kept.has(record.replace(/\.json$/, ""))) {
        const info = await stat(join(dir, ".meta", record)).catch(() => undefined);
        if (info && now - info.mtimeMs > staleTempMs) await rm(join(dir, ".meta", record), { force: true });
      }
    }
    return removed;
  }
}
