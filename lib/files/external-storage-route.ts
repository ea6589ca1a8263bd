import "server-only";
import type { NextRequest } from "next/server";
import { PortalError } from "@/lib/browser-safe/errors";
import { getEnv } from "@/lib/env";
import { errorFields, log } from "@/lib/log";
import { isAuthorised } from "./external-storage-auth";
import { parseStoragePath, rootFolders, type StoragePath } from "./external-storage-path";
import { bodyStream, declaredLength, fileResponse } from "./file-response";
import { sanitiseFileName } from "./file-name";
import type { FileStore, Folder, StoredFile } from "./file-store";
import { fileStore, sweepWhenDue } from "./files-service";

// The External Storage Adapter as MyQ X calls it: Easy Print lists and
// fetches a person's files to print, Easy Scan posts scans. MyQ's shapes
// exactly; errors as `{ error, message }` with the statuses MyQ's docs leave
// open (print-server-api.md, "External storage").

type Method = "GET" | "POST" | "DELETE";

interface Item {
  id: string;
  name: string;
  kind: "dir" | "file";
  fileSize?: number;
  lastModified?: number;
  mimeType?: string;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });

const refuse = (status: number, error: string, message: string, headers?: Record<string, string>) =>
  json({ error, message }, status, headers);

const notFound = () => refuse(404, "not_found", "No such file or folder.");

const isFolder = (value: string | undefined): value is Folder => rootFolders.some((folder) => folder.id === value);

function fileItem(file: StoredFile): Item {
  return {
    id: `${file.folder}/${file.name}`,
    name: file.name,
    kind: "file",
    fileSize: file.size,
    lastModified: Math.floor(file.uploadedAt / 1000),
    mimeType: file.type,
  };
}

async function listFolder(files: FileStore, username: string, segments: string[]): Promise<Response> {
  sweepWhenDue(files);
  if (segments.length === 0) {
    const items: Item[] = rootFolders.map(({ id, name }) => ({ id, name, kind: "dir" }));
    return json({ items, count: items.length });
  }
  const [folder, ...deeper] = segments;
  if (!isFolder(folder) || deeper.length > 0) return notFound();
  const items = (await files.list(username, folder)).map(fileItem);
  return json({ items, count: items.length });
}

/** The folder and name a file id names: `to-print/a.pdf`, `scans/b.pdf`; a bare name is a scan. */
function fileOf(segments: string[]): { folder: Folder; name: string } | undefined {
  const [first, second] = segments;
  if (segments.length === 1 && first) return { folder: "scans", name: first };
  return segments.length === 2 && isFolder(first) && second ? { folder: first, name: second } : undefined;
}

async function handleFile(
  files: FileStore,
  method: Method,
  request: NextRequest,
  path: StoragePath,
): Promise<Response> {
  const target = fileOf(path.segments);
  if (!target) return notFound();
  if (method === "POST") {
    const stored = await files.write({
      owner: path.username,
      folder: target.folder,
      name: sanitiseFileName(target.name, "scan"),
      body: bodyStream(request.body),
      expectedBytes: declaredLength(request.headers),
      replace: true,
      printableOnly: target.folder === "to-print",
      signal: request.signal,
    });
    return json(fileItem(stored), 201);
  }
  if (method === "DELETE") {
    return (await files.remove(path.username, target.folder, target.name))
      ? new Response(null, { status: 204 })
      : notFound();
  }
  const opened = await files.open(path.username, target.folder, target.name);
  return opened ? fileResponse(opened) : notFound();
}

function errorResponse(error: unknown): Response {
  if (!(error instanceof PortalError)) {
    log.error("external storage failed", errorFields(error));
    return refuse(500, "internal", "The portal could not do this; try again.");
  }
  log.warn("external storage refused", { reason: error.reason, code: error.code });
  if (error.code === "bad_request") return refuse(400, "invalid_request", error.reason ?? "The request was refused.");
  if (error.code === "too_large" && error.reason === "quota reached")
    return refuse(507, "quota_full", "The person's files are at their quota.");
  if (error.code === "too_large") return refuse(413, "too_large", "The file is larger than the portal takes.");
  if (error.code === "unavailable") return refuse(507, "insufficient_storage", "The portal's storage is full or down.");
  return refuse(500, "internal", "The portal could not do this; try again.");
}

/** A handler for one HTTP method of /api/external-storage/**. */
export function externalStorageHandler(method: Method, files: () => FileStore = fileStore) {
  return async (request: NextRequest): Promise<Response> => {
    const env = getEnv();
    const login = env.PORTAL_EXTERNAL_STORAGE_LOGIN;
    const password = env.PORTAL_EXTERNAL_STORAGE_PASSWORD;
    // Off is not a fault to retry: there is no adapter here until it is configured.
    if (!login || !password)
      return refuse(
        404,
        "not_configured",
        "The external storage adapter is off: set PORTAL_EXTERNAL_STORAGE_LOGIN and PORTAL_EXTERNAL_STORAGE_PASSWORD.",
      );
    if (!isAuthorised(request.headers.get("authorization"), { login, password }))
      return refuse(401, "unauthorized", "Wrong login or password.", {
        "www-authenticate": 'Basic realm="Print Portal external storage", charset="UTF-8"',
      });
    const path = parseStoragePath(new URL(request.url).pathname);
    if (path === "invalid") return refuse(400, "invalid_request", "The path leaves the person's folder.");
    if (path === "unknown") return notFound();
    try {
      if (path.kind === "folders")
        return method === "GET"
          ? await listFolder(files(), path.username, path.segments)
          : refuse(405, "method_not_allowed", "Folders are only listed.");
      return await handleFile(files(), method, request, path);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
