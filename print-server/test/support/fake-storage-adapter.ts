import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dataPaths } from "../../src/data-paths.js";
import { ensureTls } from "../../src/tls/certificates.js";

/** A request the adapter received, as MyQ would have sent it. */
export interface AdapterRequest {
  method: string;
  /** The path below the base, as sent (still URL-encoded). */
  rawPath: string;
  authorized: boolean;
  contentType?: string;
  body: Buffer;
}

interface StoredFile {
  bytes: Buffer;
  mimeType: string;
  lastModified: number;
}

/**
 * A stand-in for the portal's External Storage Adapter, over HTTPS with a
 * throw-away CA and HTTP Basic, answering in MyQ's shapes. Its root folder
 * lists "To print" and "Scans" under ids that differ from their names, so a
 * client that browses by name instead of id fails.
 */
export interface FakeStorageAdapter {
  /** The base URL, as PRINT_SERVER_EXTERNAL_STORAGE_URL takes it. */
  url: string;
  /** A PEM file of its CA, as PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE takes it. */
  caFile: string;
  login: string;
  password: string;
  requests: AdapterRequest[];
  /** Puts a file into a person's "To print". */
  addToPrint(username: string, name: string, bytes: Buffer, mimeType: string): void;
  /** The names in a person's folder ("inbox" is "To print", "scans" is "Scans"). */
  names(username: string, folder: "inbox" | "scans"): string[];
  file(username: string, folder: "inbox" | "scans", name: string): Buffer | undefined;
  close(): Promise<void>;
}

const FOLDERS = [
  { id: "inbox", name: "To print" },
  { id: "scans", name: "Scans" },
];

export async function startFakeStorageAdapter(
  credentials = { login: "myq-connection", password: "s3cret-storage-password" },
): Promise<FakeStorageAdapter> {
  const tlsDir = mkdtempSync(path.join(tmpdir(), "fake-adapter-tls-"));
  const paths = dataPaths(tlsDir);
  const tls = ensureTls(paths, []);
  const store = new Map<string, Map<string, StoredFile>>();
  const requests: AdapterRequest[] = [];
  const expected = `Basic ${Buffer.from(`${credentials.login}:${credentials.password}`).toString("base64")}`;
  const filesOf = (user: string) => store.get(user) ?? store.set(user, new Map()).get(user)!;

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawPath = (req.url ?? "").replace(/^\/api\/external-storage/, "");
    const authorized = req.headers.authorization === expected;
    requests.push({
      method: req.method ?? "",
      rawPath,
      authorized,
      contentType: req.headers["content-type"],
      body: Buffer.concat(chunks),
    });
    if (!authorized) {
      res.writeHead(401, { "www-authenticate": 'Basic realm="external-storage"' }).end();
      return;
    }
    const [, kind, user, id = "", ...rest] = rawPath.split("/").map(decodeURIComponent);
    if (!user || rest.length > 0) return json(res, 400, { error: "invalid_request" });
    const files = filesOf(user);
    if (kind === "folders" && req.method === "GET") {
      if (id === "") {
        return json(res, 200, {
          items: FOLDERS.map((f) => ({
            ...f,
            kind: "dir",
            fileSize: null,
            lastModified: 1_700_000_000,
            mimeType: null,
          })),
          count: FOLDERS.length,
        });
      }
      if (!FOLDERS.some((f) => f.id === id)) return json(res, 404, { error: "not_found" });
      const items = [...files.entries()]
        .filter(([fileId]) => fileId.startsWith(`${id}/`))
        .map(([fileId, f]) => ({
          id: fileId,
          name: fileId.slice(id.length + 1),
          kind: "file",
          fileSize: f.bytes.length,
          lastModified: f.lastModified,
          mimeType: f.mimeType,
        }));
      return json(res, 200, { items, count: items.length });
    }
    if (kind === "files") {
      const file = files.get(id);
      if (req.method === "GET") {
        if (!file) return json(res, 404, { error: "not_found" });
        res.writeHead(200, { "content-type": file.mimeType }).end(file.bytes);
        return;
      }
      if (req.method === "POST") {
        files.set(id, {
          bytes: Buffer.concat(chunks),
          mimeType: "application/octet-stream",
          lastModified: Math.floor(Date.now() / 1000),
        });
        return json(res, 201, { id });
      }
      if (req.method === "DELETE") {
        if (!file) return json(res, 404, { error: "not_found" });
        files.delete(id);
        res.writeHead(204).end();
        return;
      }
    }
    json(res, 404, { error: "not_found" });
  }

  const server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const inFolder = (username: string, folder: string) =>
    [...filesOf(username).keys()].filter((id) => id.startsWith(`${folder}/`)).map((id) => id.slice(folder.length + 1));

  return {
    url: `https://127.0.0.1:${port}/api/external-storage`,
    caFile: paths.caCert,
    ...credentials,
    requests,
    addToPrint: (username, name, bytes, mimeType) =>
      filesOf(username).set(`inbox/${name}`, { bytes, mimeType, lastModified: Math.floor(Date.now() / 1000) }),
    names: inFolder,
    file: (username, folder, name) => filesOf(username).get(`${folder}/${name}`)?.bytes,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(tlsDir, { recursive: true, force: true });
    },
  };
}

/** The settings a print server needs to use this adapter (PRINT_SERVER_EXTERNAL_STORAGE_*). */
export function adapterEnv(
  adapter: FakeStorageAdapter,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    PRINT_SERVER_EXTERNAL_STORAGE_URL: adapter.url,
    PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: adapter.login,
    PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: adapter.password,
    PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE: adapter.caFile,
    ...overrides,
  };
}
