import { createHash, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer as createHttpsServer, get as httpsGet, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alice, expect, test as base } from "./fixtures";
import { pdfBytes, pngBytes } from "./files-samples";
import { CreditPage } from "./pages/credit-page";
import { FilesPage } from "./pages/files-page";
import { JobsPage } from "./pages/jobs-page";
import { freePort } from "./support/free-port";
import { loadStack } from "./support/load-stack";
import { startPrivateStack, type PrivateStack } from "./support/private-stack";
import { throwawayTls } from "./support/throwaway-tls";

// The whole path, as with a real MyQ X: alice uploads in the portal, the print
// server (MyQ's part) reaches the portal's External Storage Adapter over
// HTTPS with basic authentication, prints at a printer, and the portal shows
// the printed job and its charge; a scan made at the printer arrives in the
// portal and downloads byte-identical. A print server and portal of this
// file's own, with a TLS front for the portal (the portal itself serves HTTP).

interface EasyPrintStack {
  stack: PrivateStack;
  filesDir: string;
  /** The print server's terminal commands, with its external storage settings. */
  terminal(args: string[]): Promise<Record<string, unknown>>;
  /** A GET of the adapter over HTTPS, as MyQ makes it. */
  adapterGet(path: string): Promise<unknown>;
}

/** An HTTPS front that passes every request, its raw path included, to `target()`. */
async function tlsFront(target: () => string): Promise<{ server: Server; port: number; caPem: string }> {
  const { caPem, certPem, keyPem } = throwawayTls();
  const server = createHttpsServer({ cert: certPem, key: keyPem }, (request, response) => {
    const to = new URL(target());
    const upstream = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: to.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, caPem };
}

const test = base.extend<object, { easyPrint: EasyPrintStack }>({
  easyPrint: [
    async ({}, use) => {
      let portalUrl = "";
      const front = await tlsFront(() => portalUrl);
      const workDir = mkdtempSync(join(tmpdir(), "print-portal-easy-print-"));
      const caFile = join(workDir, "front-ca.pem");
      writeFileSync(caFile, front.caPem);
      const login = "myq-external-storage";
      const password = randomBytes(24).toString("base64url");
      const storageEnv = {
        PRINT_SERVER_EXTERNAL_STORAGE_URL: `https://localhost:${front.port}/api/external-storage`,
        PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: login,
        PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: password,
        PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE: caFile,
      };
      const filesDir = join(workDir, "files");
      const stack = await startPrivateStack({
        printServerEnv: storageEnv,
        portalEnv: {
          PORTAL_FILES_DIR: filesDir,
          PORTAL_EXTERNAL_STORAGE_LOGIN: login,
          PORTAL_EXTERNAL_STORAGE_PASSWORD: password,
        },
      });
      portalUrl = stack.portalUrl;
      const { printServerCli } = await loadStack();
      const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
      try {
        await use({
          stack,
          filesDir,
          terminal: async (args) =>
            JSON.parse(
              await printServerCli(["terminal", ...args], { PRINT_SERVER_DATA: stack.printServerData, ...storageEnv }),
            ) as Record<string, unknown>,
          adapterGet: (path) =>
            new Promise((resolve, reject) => {
              httpsGet(
                `${storageEnv.PRINT_SERVER_EXTERNAL_STORAGE_URL}${path}`,
                { ca: front.caPem, headers: { authorization } },
                (answer) => {
                  let text = "";
                  answer.on("data", (part: Buffer) => (text += part.toString()));
                  answer.on("end", () => resolve(JSON.parse(text)));
                },
              ).on("error", reject);
            }),
        });
      } finally {
        await stack.close();
        await new Promise((resolve) => front.server.close(resolve));
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ easyPrint }, use) => {
    await use(easyPrint.stack.portalUrl);
  },
});

test.use({ viewport: { width: 390, height: 844 } });

test("alice prints an uploaded PDF with Easy Print through the adapter over HTTPS, and gets a scan back", async ({
  page,
  signInPage,
  easyPrint,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one run is enough: the phone-sized page is set here");
  test.setTimeout(240_000);
  await signInPage.signInWithPinTo("/files", alice.pin);
  const files = new FilesPage(page);
  const pdfName = "Easy print minutes.pdf";
  const photoName = "Whiteboard.png";
  await files.upload([
    { name: pdfName, mimeType: "application/pdf", buffer: pdfBytes(3) },
    { name: photoName, mimeType: "image/png", buffer: pngBytes(300, 200) },
  ]);
  await expect(files.entry(files.myFiles, pdfName)).toContainText("3 pages");
  await expect(files.entry(files.myFiles, photoName)).toContainText("1 page");

  // At the printer: Easy Print lists both through the adapter and prints the PDF.
  const listed = (await easyPrint.adapterGet("/folders/alice/to-print")) as { items: { name: string }[] };
  expect(listed.items.map((item) => item.name).sort()).toEqual([pdfName, photoName].sort());
  const printed = await easyPrint.terminal([
    "easy-print",
    "--printer",
    "Reception",
    "--pin",
    alice.pin,
    "--file",
    pdfName,
  ]);
  expect(printed).toMatchObject({ printer: "Reception", jobs: [{ name: pdfName, pages: 3 }] });
  const cost = Number((printed.jobs as { cost: number }[])[0]?.cost);
  expect(cost).toBeGreaterThan(0);

  // Deleted from "To print" after printing (MyQ's default); the photo stays.
  await files.goto();
  await expect(files.entry(files.myFiles, pdfName)).toHaveCount(0);
  await expect(files.entry(files.myFiles, photoName)).toBeVisible();

  const jobsPage = new JobsPage(page);
  await jobsPage.goto();
  await expect(jobsPage.job(jobsPage.printed, pdfName)).toHaveCount(1);

  const creditPage = new CreditPage(page);
  await creditPage.goto();
  const charge = creditPage.table.getByRole("row").filter({ hasText: pdfName });
  await expect(charge).toHaveCount(1);
  await expect(charge).toContainText(cost.toFixed(2));

  // A scan made at the printer arrives in "My scans" and downloads byte-identical.
  await files.goto();
  const scanned = await easyPrint.terminal(["easy-scan", "--printer", "Reception", "--pin", alice.pin]);
  const scanName = String(scanned.name);
  const entry = files.entry(files.scans, scanName);
  await expect(page.getByText(`A new scan arrived: ${scanName}`)).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent("download");
  await entry.getByRole("link", { name: "Download" }).click();
  const downloaded = readFileSync(await (await download).path());
  expect(downloaded.length).toBe(scanned.bytes);
  // What the adapter received from the printer, as the portal keeps it.
  const stored = readFileSync(join(easyPrint.filesDir, "alice", "scans", scanName));
  expect(createHash("sha256").update(downloaded).digest("hex")).toBe(createHash("sha256").update(stored).digest("hex"));
  expect(downloaded.subarray(0, 5).toString()).toBe("%PDF-");
});
