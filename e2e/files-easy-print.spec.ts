import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
import { e2eAddressHeader } from "./support/stack-env";
import { throwawayTls } from "./support/throwaway-tls";

// The whole path, as with a real MyQ X: alice uploads in the portal; at the
// print server's printer panel (MyQ's part) she signs in with her PIN, Easy
// Print lists her files through the portal's External Storage Adapter over
// HTTPS with basic authentication, and prints one; the portal shows the
// printed job and its charge. A scan made at the panel arrives in the portal
// and downloads byte-identical. A print server and portal of this file's own,
// with a TLS front for the portal (the portal itself serves plain HTTP).

interface EasyPrintStack {
  portalUrl: string;
  /** The print server's printer panel (a printer's screen), over loopback HTTP. */
  panelUrl: string;
  filesDir: string;
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
      const { exportCa, registerPortalClient, startPortal, startPrintServer, stopChild } = await loadStack();
      let portalUrl = "";
      const front = await tlsFront(() => portalUrl);
      const workDir = mkdtempSync(join(tmpdir(), "print-portal-easy-print-"));
      const frontCa = join(workDir, "front-ca.pem");
      writeFileSync(frontCa, front.caPem);
      const login = "myq-external-storage";
      const password = randomBytes(24).toString("base64url");
      const adapterUrl = `https://localhost:${front.port}/api/external-storage`;
      const printServerEnv = {
        PRINT_SERVER_DATA: join(workDir, "print-server"),
        PRINT_SERVER_HOST: "127.0.0.1",
        PRINT_SERVER_PORT: "0",
        PRINT_SERVER_PANEL_PORT: "0",
        PRINT_SERVER_EXTERNAL_STORAGE_URL: adapterUrl,
        PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: login,
        PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: password,
        PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE: frontCa,
      };
      const filesDir = join(workDir, "files");
      const printServer = await startPrintServer(printServerEnv);
      let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
      try {
        const printServerCa = join(workDir, "print-server-ca.pem");
        writeFileSync(printServerCa, await exportCa(printServerEnv));
        const client = await registerPortalClient(printServerEnv, "Print Portal (Easy Print test)");
        const port = await freePort();
        portalUrl = `http://localhost:${port}`;
        portal = await startPortal({
          PORT: String(port),
          HOSTNAME: "localhost",
          PORTAL_URL: portalUrl,
          PRINT_SERVER_URL: printServer.url,
          PRINT_SERVER_CA_FILE: printServerCa,
          PRINT_SERVER_CLIENT_ID: client.clientId,
          PRINT_SERVER_CLIENT_SECRET: client.clientSecret,
          AUTH_SECRET: randomBytes(33).toString("base64url"),
          PORTAL_TRUSTED_PROXY_HEADER: e2eAddressHeader,
          PORTAL_FILES_DIR: filesDir,
          PORTAL_EXTERNAL_STORAGE_LOGIN: login,
          PORTAL_EXTERNAL_STORAGE_PASSWORD: password,
        });
        const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
        await use({
          portalUrl,
          panelUrl: printServer.panelUrl ?? "",
          filesDir,
          adapterGet: (path) =>
            new Promise((resolve, reject) => {
              httpsGet(`${adapterUrl}${path}`, { ca: front.caPem, headers: { authorization } }, (answer) => {
                let text = "";
                answer.on("data", (part: Buffer) => (text += part.toString()));
                answer.on("end", () => resolve(JSON.parse(text)));
              }).on("error", reject);
            }),
        });
      } finally {
        if (portal) await stopChild(portal.child);
        await stopChild(printServer.child);
        await new Promise((resolve) => front.server.close(resolve));
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ easyPrint }, use) => {
    await use(easyPrint.portalUrl);
  },
});

test.use({ viewport: { width: 390, height: 844 } });

test("alice prints an uploaded PDF at the printer panel through the adapter over HTTPS, and gets a scan back", async ({
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
  const listed = (await easyPrint.adapterGet("/folders/alice/to-print")) as { items: { name: string }[] };
  expect(listed.items.map((item) => item.name).sort()).toEqual([pdfName, photoName].sort());

  // At the printer's panel: sign in with the PIN; Easy Print lists both through the adapter; print the PDF.
  const panel = await page.context().newPage();
  await panel.goto(`${easyPrint.panelUrl}/`);
  const reception = await panel.locator("#printer option", { hasText: "Reception" }).getAttribute("value");
  await panel.getByLabel("Printer").selectOption(reception ?? "");
  await panel.getByLabel("PIN").fill(alice.pin);
  await panel.getByRole("button", { name: "Sign in" }).click();
  await panel.getByRole("button", { name: "Easy Print" }).click();
  const choices = panel.getByRole("group", { name: "Files to print" });
  await expect(choices.getByRole("checkbox")).toHaveCount(2);
  await choices.getByRole("checkbox", { name: new RegExp(`^${pdfName}`) }).check();
  await panel.getByRole("button", { name: "Print", exact: true }).click();
  await expect(panel.getByRole("status")).toContainText("Sent to Reception: 1 file for");
  const line = await panel.getByRole("listitem").filter({ hasText: pdfName }).innerText();
  expect(line).toContain("3 pages");
  const cost = Number(/(\d+\.\d\d) \w+$/.exec(line.trim())?.[1]);
  expect(cost).toBeGreaterThan(0);

  // Deleted from "To print" after printing (MyQ's default); the photo stays.
  await files.goto();
  await expect(files.entry(files.myFiles, pdfName)).toHaveCount(0);
  await expect(files.entry(files.myFiles, photoName)).toBeVisible();

  // The simulated printer prints a moment later; then the job is in her history.
  const jobsPage = new JobsPage(page);
  await expect
    .poll(
      async () => {
        await jobsPage.goto();
        await page.waitForLoadState("networkidle");
        return jobsPage.job(jobsPage.printed, pdfName).count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);

  const creditPage = new CreditPage(page);
  await creditPage.goto();
  const charge = creditPage.table.getByRole("row").filter({ hasText: pdfName });
  await expect(charge).toHaveCount(1);
  await expect(charge).toContainText(cost.toFixed(2));

  // A scan made at the panel arrives in "My scans" and downloads byte-identical.
  await files.goto();
  await panel.getByRole("button", { name: "Back to the menu" }).click();
  await panel.getByRole("button", { name: "Easy Scan" }).click();
  await panel.getByRole("button", { name: "Scan", exact: true }).click();
  const scanned = await panel.getByRole("status").innerText();
  const scanName = scanned.replace(/ is in your "Scans" folder\.$/, "");
  expect(scanName).toMatch(/\.pdf$/);
  await expect(page.getByRole("status").filter({ hasText: /new scans? arrived: .*/ })).toContainText(scanName, {
    timeout: 20_000,
  });
  const download = page.waitForEvent("download");
  await files.entry(files.scans, scanName).getByRole("link", { name: "Download" }).click();
  const downloaded = readFileSync(await (await download).path());
  // What the adapter received from the printer, as the portal keeps it.
  const stored = readFileSync(join(easyPrint.filesDir, "alice", "scans", scanName));
  expect(createHash("sha256").update(downloaded).digest("hex")).toBe(createHash("sha256").update(stored).digest("hex"));
  expect(downloaded.subarray(0, 5).toString()).toBe("%PDF-");
});
