import { createHash, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { SignJWT } from "jose";
import { throwawayTls } from "./throwaway-tls";

// A stand-in print server over HTTPS with just enough of the contract to sign
// a person in and hand them one very large report file, generated on the fly
// (so the test never holds it in memory either). It counts downloads that end
// early, to show the portal lets go of the upstream when the browser leaves.
// Each 64 KiB block starts with its own number, so a block the portal lost,
// repeated or sent out of order changes the file's digest (fileDigest).
// Test-only.

export interface LargeFileUpstream {
  url: string;
  caPem: string;
  /** The report file's size in bytes. */
  size: number;
  /** Downloads whose connection closed before the last byte was sent. */
  abortedDownloads(): number;
  completedDownloads(): number;
  close(): Promise<void>;
}

export const largeReportId = 1;
export const largeExecutionId = 7;
const blockBytes = 64 * 1024;
const block = Buffer.alloc(blockBytes, "2026-11,12,345,67,278,12.34,89\n");

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

/** The file's blocks: each its own copy, whose first line is its number ("block 0000000042"). */
function* blocks(size: number): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += blockBytes) {
    const numbered = Buffer.from(block);
    numbered.write(`block ${String(sent / blockBytes).padStart(10, "0")}\n`);
    yield sent + blockBytes <= size ? numbered : numbered.subarray(0, size - sent);
  }
}

/** SHA-256 (hex) of the file of `size` bytes the upstream sends. */
export function fileDigest(size: number): string {
  const hash = createHash("sha256");
  for (const part of blocks(size)) hash.update(part);
  return hash.digest("hex");
}

export async function startLargeFileUpstream(size: number): Promise<LargeFileUpstream> {
  const tls = throwawayTls();
  const key = randomBytes(32);
  let aborted = 0;
  let completed = 0;

  const server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "POST" && path === "/api/auth/token") {
      req.resume();
      req.on("end", () => {
        void new SignJWT({ username: "bigfile", name: "Big File", scope: "users reports" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject("501")
          .setIssuedAt()
          .setExpirationTime("30m")
          .sign(key)
          .then((accessToken) =>
            json(res, 200, {
              access_token: accessToken,
              token_type: "Bearer",
              expires_in: 1800,
              scope: "users reports offline.access",
              refresh_token: "unused",
            }),
          );
      });
      return;
    }
    if (req.method === "GET" && path === "/api/v3/reports") {
      return json(res, 200, { reports: [{ id: largeReportId, name: "Very large report", formats: "csv" }], count: 1 });
    }
    if (req.method === "GET" && path === `/api/v3/reports/executions/${largeExecutionId}/download`) {
      res.writeHead(200, {
        "content-type": "text/csv; charset=utf-8",
        "content-length": String(size),
        // A name a careless proxy would pass on as it is.
        "content-disposition": 'attachment; filename="../very \\"large\\" report.csv"',
      });
      res.on("close", () => {
        if (res.writableFinished) completed += 1;
        else aborted += 1;
      });
      Readable.from(blocks(size)).pipe(res);
      return;
    }
    json(res, 404, { error: "not_found", error_description: "Not here." });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: tls.caPem,
    size,
    abortedDownloads: () => aborted,
    completedDownloads: () => completed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
