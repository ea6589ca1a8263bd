import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test as base } from "./fixtures";
import { pngBytes } from "./files-samples";
import { freePort } from "./support/free-port";
import { startLargeFileUpstream } from "./support/large-file-upstream";
import { loadStack } from "./support/load-stack";

// A 200 MiB file uploaded to print and downloaded again through a portal of
// this file's own, while the test watches the portal process's resident
// memory: both directions stream, so it stays flat.

const fileSize = 200 * 1024 * 1024;
const maxGrowthBytes = 64 * 1024 * 1024;
const chunkSize = 1024 * 1024;

function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** The file: a PNG's first bytes, then the same random megabyte over and over (its digest is known ahead). */
const head = pngBytes();
const block = randomBytes(chunkSize);
function expectedDigest(): string {
  const digest = createHash("sha256").update(head);
  for (let sent = head.length; sent < fileSize; sent += chunkSize)
    digest.update(block.subarray(0, Math.min(chunkSize, fileSize - sent)));
  return digest.digest("hex");
}

const test = base.extend<object, { filesPortal: { url: string; pid: number } }>({
  filesPortal: [
    async ({}, use) => {
      const { startPortal, stopChild } = await loadStack();
      // A print server stand-in that signs in PIN 123456 (the download memory test's).
      const upstream = await startLargeFileUpstream(1024);
      const workDir = mkdtempSync(join(tmpdir(), "print-portal-files-memory-"));
      const caFile = join(workDir, "upstream-ca.pem");
      writeFileSync(caFile, upstream.caPem);
      const port = await freePort();
      const portal = await startPortal({
        PORT: String(port),
        HOSTNAME: "localhost",
        PORTAL_URL: `http://localhost:${port}`,
        PRINT_SERVER_URL: upstream.url,
        PRINT_SERVER_CA_FILE: caFile,
        PRINT_SERVER_CLIENT_ID: "files-memory-test",
        PRINT_SERVER_CLIENT_SECRET: randomBytes(16).toString("base64url"),
        AUTH_SECRET: randomBytes(33).toString("base64url"),
        PORTAL_FILES_DIR: join(workDir, "files"),
        PORTAL_FILES_MAX_FILE_MB: "256",
        PORTAL_FILES_QUOTA_MB: "1024",
      });
      try {
        await use({ url: `http://localhost:${port}`, pid: portal.child.pid ?? 0 });
      } finally {
        await stopChild(portal.child);
        await upstream.close();
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ filesPortal }, use) => {
    await use(filesPortal.url);
  },
});

test("a 200 MiB upload and its download stream through the portal with flat memory", async ({
  page,
  signInPage,
  filesPortal,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "measures the portal process, not the browser");
  test.setTimeout(240_000);
  await signInPage.goto("?callbackUrl=%2Ffiles");
  await signInPage.signInWithPin("123456");
  await page.waitForURL((url) => url.pathname === "/files");
  const cookie = (await page.context().cookies(filesPortal.url)).map((c) => `${c.name}=${c.value}`).join("; ");

  const baseline = rssOf(filesPortal.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(filesPortal.pid))), 50);
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const upload = request(`${filesPortal.url}/api/files`, {
        method: "POST",
        headers: {
          cookie,
          "content-length": String(fileSize),
          "x-file-name": "large.png",
          "idempotency-key": `memory-${randomBytes(4).toString("hex")}`,
        },
      });
      upload.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      upload.on("error", reject);
      void (async () => {
        upload.write(head);
        for (let sent = head.length; sent < fileSize; sent += chunkSize) {
          const part = block.subarray(0, Math.min(chunkSize, fileSize - sent));
          if (!upload.write(part)) await new Promise((drained) => upload.once("drain", drained));
        }
        upload.end();
      })();
    });
    expect(status).toBe(201);

    const digest = createHash("sha256");
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      request(`${filesPortal.url}/api/files/to-print/large.png`, { headers: { cookie } }, (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-length"]).toBe(String(fileSize));
        response.on("data", (part: Buffer) => {
          received += part.length;
          digest.update(part);
        });
        response.on("end", resolve);
        response.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
    expect(received).toBe(fileSize);
    expect(digest.digest("hex")).toBe(expectedDigest());
  } finally {
    clearInterval(sampler);
  }
  expect(peak - baseline, `grew from ${baseline} to ${peak} bytes`).toBeLessThan(maxGrowthBytes);
});
