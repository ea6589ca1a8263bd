import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { Agent, request, type Dispatcher } from "undici";
import { z } from "zod";
import type { ExternalStorageSettings } from "../config.js";

/** One entry of a folder, as MyQ's External Storage Adapter answers it. */
export const storageItemSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  kind: z.enum(["dir", "file"]),
  fileSize: z.number().int().min(0).nullish(),
  /** Unix seconds. */
  lastModified: z.number().nullish(),
  mimeType: z.string().nullish(),
});
export type StorageItem = z.infer<typeof storageItemSchema>;

const folderSchema = z.object({ items: z.array(storageItemSchema), count: z.number().int().min(0) });

export type StorageErrorKind =
  "unauthorized" | "not_found" | "too_large" | "untrusted" | "unreachable" | "timeout" | "bad_answer";

/** A call to the adapter that did not succeed; `message` says what an administrator should check. */
export class ExternalStorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ExternalStorageError";
  }
}

export interface ExternalStorageClient {
  /** The adapter's base URL, for messages. */
  readonly url: string;
  /** The entries of a person's folder; `pathId` "" is the root. */
  listFolder(username: string, pathId: string): Promise<StorageItem[]>;
  /** A file's bytes, refused past `maxFileBytes`. */
  fetchFile(username: string, fileId: string): Promise<Buffer>;
  /** Stores a file (the adapter answers 201). */
  uploadFile(username: string, fileId: string, bytes: Uint8Array): Promise<void>;
  deleteFile(username: string, fileId: string): Promise<void>;
  close(): Promise<void>;
}

export interface StorageClientOptions {
  /** Longest a whole call may take, answer body included. */
  timeoutMs?: number;
  maxFileBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;
const MAX_FOLDER_BYTES = 4 * 1024 * 1024;

// Node's TLS error codes that mean the adapter's certificate is not one this server trusts.
const UNTRUSTED_CODES = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && !code.startsWith("UND_ERR_")) return code;
  }
  return undefined;
}

/** Drops an answer's body unread; undici reports the abort as an error, which nobody waits for here. */
function discard(answer: Dispatcher.ResponseData): void {
  answer.body.on("error", () => undefined);
  answer.body.destroy();
}

/** The extra CA is trusted besides the system's, never instead of verification. */
function trustedCas(caFile: string | undefined): string[] | undefined {
  if (caFile === undefined) return undefined;
  let pem: string;
  try {
    pem = readFileSync(caFile, "utf8");
  } catch {
    throw new Error(`Cannot read PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE (${caFile}).`);
  }
  if (!pem.includes("-----BEGIN CERTIFICATE-----")) {
    throw new Error(`PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE (${caFile}) holds no PEM certificate.`);
  }
  return [...rootCertificates, pem];
}

/**
 * The print server's client of MyQ's External Storage Adapter: what MyQ X
 * calls for Easy Print (list, fetch, delete) and Easy Scan (upload), with
 * HTTP Basic authentication. Every answer is checked before it is used.
 */
export function createExternalStorageClient(
  settings: Omit<ExternalStorageSettings, "deleteAfterPrint">,
  options: StorageClientOptions = {},
): ExternalStorageClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const ca = trustedCas(settings.caFile);
  const agent = new Agent({
    connect: { ...(ca && { ca }), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const authorization = `Basic ${Buffer.from(`${settings.login}:${settings.password}`).toString("base64")}`;
  const base = settings.url;
  const where = (username: string, kind: "folders" | "files", id: string) =>
    `${base}/${kind}/${encodeURIComponent(username)}${id === "" ? "" : `/${encodeURIComponent(id)}`}`;

  async function call(
    method: Dispatcher.HttpMethod,
    url: string,
    what: string,
    body?: Uint8Array,
  ): Promise<Dispatcher.ResponseData> {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(url, {
        method,
        dispatcher: agent,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          authorization,
          accept: method === "GET" ? "application/json, application/octet-stream" : "application/json",
          ...(body && { "content-type": "application/octet-stream" }),
        },
        body,
      });
    } catch (err) {
      const code = errorCode(err);
      if (code && UNTRUSTED_CODES.has(code))
        throw new ExternalStorageError(
          "untrusted",
          `The external storage at ${base} has a certificate this server does not trust (${code}); set PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE to its CA.`,
        );
      const timedOut =
        (err instanceof Error && (err.name === "TimeoutError" || err.name.includes("Timeout"))) ||
        (err as { code?: string }).code?.includes("TIMEOUT");
      if (timedOut)
        throw new ExternalStorageError(
          "timeout",
          `The external storage at ${base} did not answer within ${timeoutMs} ms.`,
        );
      throw new ExternalStorageError(
        "unreachable",
        `The external storage at ${base} cannot be reached${code ? ` (${code})` : ""}.`,
      );
    }
    const status = answer.statusCode;
    if (status >= 200 && status < 300) return answer;
    await answer.body.dump();
    if (status === 401 || status === 403)
      throw new ExternalStorageError(
        "unauthorized",
        `The external storage refused the print server's login and password (${status}); check PRINT_SERVER_EXTERNAL_STORAGE_LOGIN and PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD.`,
        status,
      );
    if (status === 404) throw new ExternalStorageError("not_found", `${what} is not in the external storage.`, status);
    if (status === 413)
      throw new ExternalStorageError("too_large", `The external storage refused ${what}: it is too large.`, status);
    throw new ExternalStorageError(
      "bad_answer",
      `The external storage answered ${status} for ${what}${status >= 300 && status < 400 ? " (a redirect: check the URL)" : ""}.`,
      status,
    );
  }

  async function readBody(answer: Dispatcher.ResponseData, limit: number, what: string): Promise<Buffer> {
    const declared = Number(answer.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      discard(answer);
      throw new ExternalStorageError("too_large", `${what} is larger than ${limit} bytes.`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of answer.body) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          discard(answer);
          throw new ExternalStorageError("too_large", `${what} is larger than ${limit} bytes.`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof ExternalStorageError) throw err;
      throw new ExternalStorageError("unreachable", `The external storage broke off while sending ${what}.`);
    }
    return Buffer.concat(chunks);
  }

  return {
    url: base,

    async listFolder(username, pathId) {
      const what = pathId === "" ? `The root folder of ${username}` : `The folder ${pathId}`;
      const answer = await call("GET", where(username, "folders", pathId), what);
      const text = (await readBody(answer, MAX_FOLDER_BYTES, what)).toString("utf8");
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ExternalStorageError("bad_answer", `The external storage answered ${what} with no JSON.`);
      }
      const parsed = folderSchema.safeParse(json);
      if (!parsed.success)
        throw new ExternalStorageError(
          "bad_answer",
          `The external storage answered ${what} in another shape than MyQ's ({items, count}).`,
        );
      return parsed.data.items;
    },

    async fetchFile(username, fileId) {
      const what = `The file ${fileId}`;
      return readBody(await call("GET", where(username, "files", fileId), what), maxFileBytes, what);
    },

    async uploadFile(username, fileId, bytes) {
      const answer = await call("POST", where(username, "files", fileId), `The file ${fileId}`, bytes);
      await answer.body.dump();
    },

    async deleteFile(username, fileId) {
      const answer = await call("DELETE", where(username, "files", fileId), `The file ${fileId}`);
      await answer.body.dump();
    },

    close: () => agent.close(),
  };
}
