import "server-only";
import type { NextRequest } from "next/server";
import { PortalError } from "@/lib/browser-safe/errors";
import { bodyStream, declaredLength } from "./file-response";
import type { PrintableType } from "./file-type";
import { sanitiseFileName } from "./file-name";
import type { FileStore, Folder, StoredFile } from "./file-store";
import { fileStore, sweepWhenDue } from "./files-service";

// The signed-in person's files, as the portal's own routes (app/api/files/)
// use them: always the session's user name, so nobody reaches another's.

export interface FileView {
  name: string;
  size: number;
  type: string;
  pages: number | null;
  uploadedAt: string;
  removedAt: string;
}

export function toFileView(file: StoredFile): FileView {
  return {
    name: file.name,
    size: file.size,
    type: file.type,
    pages: file.pages,
    uploadedAt: new Date(file.uploadedAt).toISOString(),
    removedAt: new Date(file.removedAt).toISOString(),
  };
}

export async function filesOverview(username: string, files: FileStore = fileStore()) {
  sweepWhenDue(files);
  const [toPrint, scans, usage] = await Promise.all([
    files.list(username, "to-print"),
    files.list(username, "scans"),
    files.usage(username),
  ]);
  const { limits } = files;
  return {
    toPrint: toPrint.map(toFileView),
    scans: scans.map(toFileView),
    usage,
    limits: {
      quotaFiles: limits.quotaFiles,
      quotaBytes: limits.quotaBytes,
      maxFileBytes: limits.maxFileBytes,
      retentionHours: Math.round(limits.retentionMs / 3_600_000),
    },
  };
}

/** Stores the request's body as a file to print under the name the browser gave (made safe). */
export async function uploadToPrint(
  username: string,
  request: NextRequest,
  { name, uploadKey }: { name: string; uploadKey: string },
  files: FileStore = fileStore(),
): Promise<StoredFile> {
  const expectedBytes = declaredLength(request.headers);
  // A browser always names the length of a file it sends; without it a cut-off upload could not be told.
  if (expectedBytes === undefined)
    throw new PortalError("bad_request", { sentenceKey: "files.answers.cutOff", reason: "no content-length" });
  return files.write({
    owner: username,
    folder: "to-print",
    name: sanitiseFileName(name),
    body: bodyStream(request.body),
    expectedBytes,
    uploadKey,
    replace: false,
    printableOnly: true,
    signal: request.signal,
  });
}

export async function openOwnFile(username: string, folder: Folder, name: string, files: FileStore = fileStore()) {
  const opened = await files.open(username, folder, name);
  if (!opened) throw new PortalError("not_found", { sentenceKey: "files.answers.notFound" });
  return opened;
}

export async function deleteOwnFile(username: string, folder: Folder, name: string, files: FileStore = fileStore()) {
  if (!(await files.remove(username, folder, name)))
    throw new PortalError("not_found", { sentenceKey: "files.answers.notFound" });
}

/** Whether a stored type is an image a browser shows as its own preview. */
export function isImage(type: string): type is Exclude<PrintableType, "application/pdf"> {
  return type === "image/jpeg" || type === "image/png";
}

/** The overview as the Files page comes with it, with the time it was read (handed to the browser's cache). */
export async function filesFirstPaint(username: string) {
  return { data: await filesOverview(username), at: Date.now() };
}
