import { createHash, randomBytes } from "node:crypto";
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test as base } from "./fixtures";
import type { SignInPage } from "./pages/sign-in-page";
import {
  fileDigest,
  largeExecutionId,
  startLargeFileUpstream,
  type LargeFileUpstream,
} from "./support/large-file-upstream";
import { loadStack } from "./support/load-stack";
import { freePort } from "./support/free-port";

// The portal's download route streams a 256 MiB report from an HTTPS upstream
// while the test watches the portal process's resident memory: it must stay
// flat (growth well below the file's size), and a download the browser
// abandons, or a HEAD that wants no file, must end the upstream request too.

const fileSize = 256 * 1024 * 1024;
const maxGrowthBytes = 100 * 1024 * 1024;

interface Portal {
  url: string;
  pid: number;
  upstream: LargeFileUpstream;
}

/** Resident memory of a process, from /proc (Linux), in bytes. */
function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

function get(url: string, cookie: string, method = "GET"): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { cookie, "accept-encoding": "identity" } }, resolve);
    req.on("error", reject);
    req.end();
  });
}

const test = base.extend<object, { bigFilePortal: Portal }>({
  bigFilePortal: [
    async ({}, use) => {
      const { startPortal, stopChild } = await loadStack();
      const upstream = await startLargeFileUpstream(fileSize);
      const workDir = mkdtempSync(join(tmpdir(), "print-portal-download-memory-"));
      const caFile = join(workDir, "upstream-ca.pem");
      writeFileSync(caFile, upstream.caPem);
      const port = await freePort();
      const portal = await startPortal({
        PORT: String(port),
        HOSTNAME: "localhost",
        PORTAL_URL: `http://localhost:${port}`,
        PRINT_SERVER_URL: upstream.url,
        PRINT_SERVER_CA_FILE: caFile,
        PRINT_SERVER_CLIENT_ID: "download-memory-test",
        PRINT_SERVER_CLIENT_SECRET: randomBytes(16).toString("base64url"),
        AUTH_SECRET: randomBytes(33).toString("base64url"),
      });
      try {
        await use({ url: `http://localhost:${port}`, pid: portal.child.pid ?? 0, upstream });
      } finally {
        await stopChild(portal.child);
        await upstream.close();
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ bigFilePortal }, use) => {
    await use(bigFilePortal.url);
  },
});

/** Signs in on the page and answers the session's cookie header and the large file's download address. */
async function signedInDownload(page: Page, signInPage: SignInPage, portal: Portal) {
  await signInPage.goto("?callbackUrl=%2Freports");
  await signInPage.signInWithPin("123456");
  await page.waitForURL((url) => url.pathname === "/reports");
  await expect(page.getByRole("group", { name: "Very large report" })).toBeVisible();
  const cookie = (await page.context().cookies(portal.url)).map((c) => `${c.name}=${c.value}`).join("; ");
  return { cookie, downloadUrl: `${portal.url}/api/reports/executions/${largeExecutionId}/download` };
}

test("a 256 MiB report streams through the portal with flat memory", async ({ page, signInPage, bigFilePortal }) => {
  test.setTimeout(180_000);
  const { cookie, downloadUrl } = await signedInDownload(page, signInPage, bigFilePortal);

  // A download the browser abandons ends the upstream request as well.
  const abortedBefore = bigFilePortal.upstream.abortedDownloads();
  const abandoned = await get(downloadUrl, cookie);
  expect(abandoned.statusCode).toBe(200);
  let early = 0;
  for await (const part of abandoned) {
    early += (part as Buffer).length;
    if (early >= 8 * 1024 * 1024) break;
  }
  abandoned.destroy();
  await expect.poll(() => bigFilePortal.upstream.abortedDownloads(), { timeout: 30_000 }).toBe(abortedBefore + 1);

  const baseline = rssOf(bigFilePortal.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(bigFilePortal.pid));
  }, 50);
  const completedBefore = bigFilePortal.upstream.completedDownloads();
  let received = 0;
  const digest = createHash("sha256");
  let headers: IncomingMessage["headers"];
  try {
    const response = await get(downloadUrl, cookie);
    headers = response.headers;
    expect(response.statusCode).toBe(200);
    for await (const part of response) {
      received += (part as Buffer).length;
      digest.update(part as Buffer);
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(bigFilePortal.pid));

  expect(received).toBe(fileSize);
  // Every block, once and in order: the portal's chunking lost, repeated or reordered none.
  expect(digest.digest("hex")).toBe(fileDigest(fileSize));
  // The upstream counts its answer done on its own "close", which may come a turn after the last byte arrived here.
  await expect.poll(() => bigFilePortal.upstream.completedDownloads()).toBe(completedBefore + 1);
  expect(headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(headers["content-encoding"]).toBeUndefined();
  // Sent with its length, not chunked: the browser shows the size and the time left.
  expect(headers["content-length"]).toBe(String(fileSize));
  expect(headers["transfer-encoding"]).toBeUndefined();
  expect(headers["x-portal-content-length"]).toBeUndefined();
  expect(headers["cache-control"]).toBe("private, no-store, no-transform");
  expect(headers["content-disposition"]).toBe(
    "attachment; filename=\"very large report.csv\"; filename*=UTF-8''very%20large%20report.csv",
  );
  test.info().annotations.push({
    type: "memory",
    description: `baseline ${Math.round(baseline / 1048576)} MiB, peak ${Math.round(peak / 1048576)} MiB`,
  });
  expect(peak - baseline).toBeLessThan(maxGrowthBytes);
});

test("a HEAD answers the file's name, type and length, and ends the upstream download at once", async ({
  page,
  signInPage,
  bigFilePortal,
}) => {
  const { cookie, downloadUrl } = await signedInDownload(page, signInPage, bigFilePortal);
  const abortedBefore = bigFilePortal.upstream.abortedDownloads();
  const completedBefore = bigFilePortal.upstream.completedDownloads();
  const head = await get(downloadUrl, cookie, "HEAD");
  head.resume();
  expect(head.statusCode).toBe(200);
  expect(head.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(head.headers["content-length"]).toBe(String(fileSize));
  expect(head.headers["content-disposition"]).toContain('filename="very large report.csv"');
  // Not left open with its first megabyte waiting in the portal (a print
  // server connection for every HEAD of a link checker).
  await expect.poll(() => bigFilePortal.upstream.abortedDownloads(), { timeout: 5_000 }).toBe(abortedBefore + 1);
  expect(bigFilePortal.upstream.completedDownloads()).toBe(completedBefore);
});
