import "server-only";
import type { Folder } from "./file-store";

// MyQ's external storage calls, read from the raw request path:
//   /api/external-storage/folders/{username}/{pathId}
//   /api/external-storage/files/{username}/{fileId}
// pathId and fileId are relative paths, URL-encoded (%2F for each slash).
// They are decoded exactly once, and refused when the result could name
// anything outside the person's folder: a `..` or `.` segment, an absolute
// path, a backslash, a NUL or another control character, an empty segment.

export const externalStorageBase = "/api/external-storage";

/** The root's two folders, as a printer shows them. */
export const rootFolders: readonly { id: Folder; name: string }[] = [
  { id: "to-print", name: "To print" },
  { id: "scans", name: "Scans" },
];

export type StoragePath =
  { kind: "folders"; username: string; segments: string[] } | { kind: "files"; username: string; segments: string[] };

export type PathProblem = "unknown" | "invalid";

/** Decodes once; undefined when the text is not valid percent-encoding. */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The segments of a decoded relative path, or undefined when it may not be used. */
export function relativeSegments(path: string): string[] | undefined {
  if (path === "") return [];
  if (path.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(path) || /^[A-Za-z]:/.test(path)) return undefined;
  const segments = path.replace(/\/$/, "").split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return undefined;
  return segments;
}

/** Reads a raw (still encoded) request path; `unknown` for a path outside the API, `invalid` for a refused one. */
export function parseStoragePath(rawPath: string): StoragePath | PathProblem {
  if (!rawPath.startsWith(`${externalStorageBase}/`)) return "unknown";
  const rest = rawPath.slice(externalStorageBase.length + 1);
  const [kind, rawUser, ...rawTail] = rest.split("/");
  if (kind !== "folders" && kind !== "files") return "unknown";
  const username = rawUser === undefined ? undefined : decoded(rawUser);
  if (!username) return rawUser === undefined || rawUser === "" ? "unknown" : "invalid";
  if (/[\u0000-\u001f\u007f/]/.test(username) || username.length > 255) return "invalid";
  // Either one encoded id (to-print%2Fa.pdf) or plain slashes (to-print/a.pdf); decoded once either way.
  const tail = decoded(rawTail.join("/"));
  if (tail === undefined) return "invalid";
  const segments = relativeSegments(tail);
  if (!segments) return "invalid";
  if (kind === "files" && segments.length === 0) return "unknown";
  return { kind, username, segments };
}
