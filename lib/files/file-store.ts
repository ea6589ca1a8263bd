import "server-only";
import type { Readable } from "node:stream";

// What the portal keeps for each person: files to print ("to-print", opened
// at a printer with Easy Print) and scans ("scans", delivered by Easy Scan).
// One small interface, so a store other than a shared directory can come later.

export type Folder = "to-print" | "scans";

export const folders: readonly Folder[] = ["to-print", "scans"];

export interface StoredFile {
  folder: Folder;
  /** The kept name, unique in its folder (file-name.ts). */
  name: string;
  size: number;
  /** The type read from the content; application/octet-stream when not one the portal knows. */
  type: string;
  /** A PDF's page count (1 for an image); null when not known. */
  pages: number | null;
  /** When it was stored (epoch ms). */
  uploadedAt: number;
  /** When the retention removes it (epoch ms). */
  removedAt: number;
}

export interface Usage {
  files: number;
  bytes: number;
}

export interface FileLimits {
  maxFileBytes: number;
  quotaFiles: number;
  quotaBytes: number;
  retentionMs: number;
}

export interface WriteRequest {
  /** The person's user name (MyQ's). */
  owner: string;
  folder: Folder;
  /** A kept name (sanitiseFileName). */
  name: string;
  body: Readable;
  /** The length the sender declared; fewer or more bytes mean the upload was cut off. */
  expectedBytes?: number;
  /** The same key sent again answers the file the first request stored. */
  uploadKey?: string;
  /** true: a file of the same name is replaced (MyQ names the id); false: the new one gets a numbered name. */
  replace: boolean;
  /** Only PDF, JPEG and PNG are taken (files to print). */
  printableOnly: boolean;
  /** Aborts the write (the sender went away). */
  signal?: AbortSignal;
}

export interface OpenedFile {
  file: StoredFile;
  /** The content, streamed. */
  read: () => Readable;
  /** A path on this machine holding the content (for poppler's tools). */
  localPath: string;
}

export interface FileStore {
  limits: FileLimits;
  list(owner: string, folder: Folder): Promise<StoredFile[]>;
  usage(owner: string): Promise<Usage>;
  /** Stores the whole body or nothing; throws PortalError with the sentence to show. */
  write(request: WriteRequest): Promise<StoredFile>;
  open(owner: string, folder: Folder, name: string): Promise<OpenedFile | undefined>;
  /** false when there was no such file. */
  remove(owner: string, folder: Folder, name: string): Promise<boolean>;
  /** Removes what the retention no longer keeps and what a crash left behind; answers how many files went. */
  removeExpired(): Promise<number>;
}
