import { request as httpRequest } from "node:http";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { alice, bob, expect, test } from "./fixtures";
import { pdfBytes, pngBytes } from "./files-samples";
import { FilesPage } from "./pages/files-page";
import { sidewaysOverflow } from "./pages/phone-layout";
import { axeViolations } from "./support/axe";
import { stack } from "./support/stack-env";

// Files to print and scans (the portal as Easy Print source and Easy Scan
// inbox), on a phone-sized page: upload, preview, the adapter MyQ calls, and
// nobody reaching anyone else's files.

test.use({ viewport: { width: 390, height: 844 } });

const adapter = () => `${stack.portalUrl()}/api/external-storage`;
const basicAuth = (
  login = process.env.E2E_EXTERNAL_STORAGE_LOGIN,
  password = process.env.E2E_EXTERNAL_STORAGE_PASSWORD,
) => `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
const unique = () => randomBytes(4).toString("hex");

async function photo(context: BrowserContext): Promise<Buffer> {
  // A real JPEG: a page of the browser's own, photographed.
  const page = await context.newPage();
  await page.setContent("<body style='margin:0;background:linear-gradient(#3a7,#37a)'><h1>Photo</h1></body>");
  const jpeg = await page.screenshot({ type: "jpeg", quality: 70 });
  await page.close();
  return jpeg;
}

async function signedInAs(
  page: FilesPage["page"],
  pin: string,
  signIn: { signInWithPinTo(path: string, pin: string): Promise<void> },
) {
  await signIn.signInWithPinTo("/files", pin);
  const files = new FilesPage(page);
  await expect(files.myFiles).toBeVisible();
  return files;
}

/** The status of a GET sent with `path` exactly as written (no URL normalisation on the way). */
function rawStatus(path: string, headers: Record<string, string>): Promise<number> {
  const portal = new URL(stack.portalUrl());
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: portal.hostname, port: portal.port, path, headers }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end();
  });
}

async function adapterList(request: APIRequestContext, username: string, folder: string) {
  const answer = await request.get(`${adapter()}/folders/${username}/${folder}`, {
    headers: { authorization: basicAuth() },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as {
    items: { id: string; name: string; kind: string; fileSize?: number }[];
    count: number;
  };
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("alice uploads a 3-page PDF and a photo, sees pages and removal time, and opens the preview", async ({
      page,
      context,
      signInPage,
    }) => {
      const files = await signedInAs(page, alice.pin, signInPage);
      const pdfName = `Minutes ${unique()}.pdf`;
      const photoName = `Photo ${unique()}.jpg`;
      await files.upload([
        { name: pdfName, mimeType: "application/pdf", buffer: pdfBytes(3) },
        { name: photoName, mimeType: "image/jpeg", buffer: await photo(context) },
      ]);
      await expect(files.uploads.getByText(`${pdfName} is uploaded.`)).toBeVisible();
      await expect(files.uploads.getByText(`${photoName} is uploaded.`)).toBeVisible();

      const pdf = files.entry(files.myFiles, pdfName);
      await expect(pdf).toContainText("3 pages");
      await expect(pdf).toContainText(/Removed /);
      await expect(files.entry(files.myFiles, photoName)).toContainText("1 page");
      await expect(files.myFiles).toContainText("At any printer, sign in and choose Easy Print, then Print Portal.");

      // The preview is drawn only when asked for.
      const previews: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/preview")) previews.push(request.url());
      });
      expect(previews).toEqual([]);
      await pdf.getByRole("button", { name: "Preview" }).click();
      const image = pdf.getByRole("img", { name: `First page of ${pdfName}` });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(100);
      expect(previews).toHaveLength(1);

      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      // MyQ's Easy Print sees the same files through the adapter.
      const listed = await adapterList(page.request, alice.username, "to-print");
      expect(listed.items.map((item) => item.name)).toEqual(expect.arrayContaining([pdfName, photoName]));
    });
  });
}

test("a wrong type, an empty file and a broken PDF each get a sentence, and nothing is stored", async ({
  page,
  signInPage,
}) => {
  const files = await signedInAs(page, alice.pin, signInPage);
  const id = unique();
  await files.upload([
    { name: `notes-${id}.pdf`, mimeType: "application/pdf", buffer: Buffer.from("<html>not a pdf</html>") },
    { name: `empty-${id}.pdf`, mimeType: "application/pdf", buffer: Buffer.alloc(0) },
    { name: `broken-${id}.pdf`, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\ncut here") },
  ]);
  await expect(files.uploads).toContainText("Only PDF, JPEG and PNG files can be printed.");
  await expect(files.uploads).toContainText("The file is empty.");
  await expect(files.uploads).toContainText("This PDF cannot be read.");
  await expect(files.myFiles).not.toContainText(id);
});

test("bob cannot list, fetch, preview or delete alice's files, in the portal or through the adapter", async ({
  page,
  browser,
  signInPage,
}) => {
  const name = `Private ${unique()}.pdf`;
  const files = await signedInAs(page, alice.pin, signInPage);
  await files.upload([{ name, mimeType: "application/pdf", buffer: pdfBytes(1) }]);
  await expect(files.entry(files.myFiles, name)).toBeVisible();

  const bobContext = await browser.newContext({ baseURL: stack.portalUrl() });
  try {
    const bobPage = await bobContext.newPage();
    const { SignInPage } = await import("./pages/sign-in-page");
    await new SignInPage(bobPage).signInWithPinTo("/files", bob.pin);
    const path = `/api/files/to-print/${encodeURIComponent(name)}`;
    expect((await bobPage.request.get(path)).status()).toBe(404);
    expect((await bobPage.request.get(`${path}/preview`)).status()).toBe(404);
    expect((await bobPage.request.delete(path, { headers: { origin: stack.portalUrl() } })).status()).toBe(404);
    // A name Next.js decodes into a path out of bob's folder and into alice's.
    const escape = `/api/files/to-print/${encodeURIComponent(`../../alice/to-print/${name}`)}`;
    expect((await bobPage.request.get(escape)).status()).not.toBe(200);
    const bobsList = await (await bobPage.request.get("/api/files")).json();
    expect(JSON.stringify(bobsList)).not.toContain(name);
  } finally {
    await bobContext.close();
  }

  const id = encodeURIComponent(`to-print/${name}`);
  const auth = { authorization: basicAuth() };
  expect((await page.request.get(`${adapter()}/files/bob/${id}`, { headers: auth })).status()).toBe(404);
  expect((await page.request.delete(`${adapter()}/files/bob/${id}`, { headers: auth })).status()).toBe(404);
  expect((await adapterList(page.request, "bob", "to-print")).items.map((item) => item.name)).not.toContain(name);
  // The root, as MyQ names it with and without a trailing slash: the two folders, no redirect.
  for (const root of ["/folders/alice/", "/folders/alice"]) {
    const answer = await page.request.get(`${adapter()}${root}`, { headers: auth, maxRedirects: 0 });
    expect(answer.status(), root).toBe(200);
    expect(await answer.json()).toEqual({
      items: [
        { id: "to-print", name: "To print", kind: "dir" },
        { id: "scans", name: "Scans", kind: "dir" },
      ],
      count: 2,
    });
  }
  // A method the adapter does not serve, with the trailing slash too: a JSON 405, not Next.js's empty one.
  for (const root of ["/folders/alice/", "/folders/alice"]) {
    const answer = await page.request.fetch(`${adapter()}${root}`, { method: "PATCH", headers: auth });
    expect(answer.status(), root).toBe(405);
    expect(answer.headers()["content-type"], root).toContain("application/json");
  }
  // Wrong credentials, and ids that would leave alice's folder.
  const wrong = await page.request.get(`${adapter()}/folders/alice/`, {
    headers: { authorization: basicAuth("myq", "nope") },
  });
  expect(wrong.status()).toBe(401);
  expect(wrong.headers()["www-authenticate"]).toMatch(/^Basic/);
  for (const bad of ["..%2Fbob%2Fto-print%2Fx.pdf", "%2Fetc%2Fpasswd", "to-print%2Fa%00.pdf", "to-print%5C..%5Cx"])
    expect((await page.request.get(`${adapter()}/files/alice/${bad}`, { headers: auth })).status(), bad).toBe(400);
  // Dot segments as they come, before any URL parsing could resolve them away.
  for (const raw of [
    "/files/alice/to-print/../../bob/to-print/x.pdf",
    "/files/alice/%2e%2e/bob/to-print/x.pdf",
    "/folders/alice/./to-print",
  ])
    expect(await rawStatus(`/api/external-storage${raw}`, auth), raw).toBe(400);
  // Still there for alice.
  expect((await page.request.get(`/api/files/to-print/${encodeURIComponent(name)}`)).status()).toBe(200);
});

test("an upload cut off half-way leaves nothing behind", async ({ page, signInPage }) => {
  await signedInAs(page, alice.pin, signInPage);
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const name = `cut-${unique()}.pdf`;
  const whole = Buffer.concat([pdfBytes(2), randomBytes(200_000)]);
  const url = new URL("/api/files", stack.portalUrl());
  await new Promise<void>((resolve) => {
    const request = httpRequest(url, {
      method: "POST",
      headers: {
        cookie,
        "content-type": "application/octet-stream",
        "content-length": String(whole.length),
        "x-file-name": encodeURIComponent(name),
        "idempotency-key": `cut-${unique()}`,
      },
    });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(whole.subarray(0, 60_000), () => setTimeout(() => request.destroy(), 300));
  });
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get("/api/files")).json()))
    .not.toContain(name);
  const filesDir = process.env.E2E_FILES_DIR ?? "";
  await expect.poll(() => readdirSync(join(filesDir, ".tmp")).length, { timeout: 10_000 }).toBe(0);
});

test("a scan delivered through the adapter appears on the open page and downloads byte-identical", async ({
  page,
  signInPage,
}) => {
  const files = await signedInAs(page, alice.pin, signInPage);
  const name = `Scan ${unique()}.pdf`;
  const scan = pdfBytes(2);
  const posted = await page.request.post(`${adapter()}/files/alice/${encodeURIComponent(`scans/${name}`)}`, {
    headers: { authorization: basicAuth(), "content-type": "application/octet-stream" },
    data: scan,
  });
  expect(posted.status()).toBe(201);
  // Another test may deliver a scan of alice's in the same read: the announcement names every one.
  await expect(page.getByRole("status").filter({ hasText: /new scans? arrived: .*/ })).toContainText(name, {
    timeout: 20_000,
  });
  const entry = files.entry(files.scans, name);
  await expect(entry).toContainText(/Scanned /);
  const download = page.waitForEvent("download");
  await entry.getByRole("link", { name: "Download" }).click();
  const path = await (await download).path();
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(path).equals(scan)).toBe(true);
  const served = await page.request.get(`/api/files/scans/${encodeURIComponent(name)}`);
  expect(served.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  await entry.getByRole("button", { name: "Delete" }).click();
  await expect(entry).toHaveCount(0);
});

test("an upload shows its progress, and Cancel stops it and keeps nothing", async ({ page, signInPage }) => {
  const files = await signedInAs(page, alice.pin, signInPage);
  // A slow line, so the upload is still under way when Cancel is pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const line = (uploadThroughput: number) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await line(128 * 1024);
  const name = `Large ${unique()}.pdf`;
  await files.upload([
    { name, mimeType: "application/pdf", buffer: Buffer.concat([pdfBytes(1), randomBytes(3_000_000)]) },
  ]);
  await expect(page.getByRole("progressbar", { name: `Uploading ${name}` })).toBeVisible();
  await files.uploads.getByRole("button", { name: "Cancel" }).click();
  await expect(files.uploads).toContainText(`The upload of ${name} is cancelled.`);
  await line(-1);
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get("/api/files")).json()))
    .not.toContain(name);
  await expect(files.myFiles).not.toContainText(name);
});

test.describe("two instances sharing one files folder and one Redis", () => {
  test.use({ baseURL: async ({}, use) => use(stack.sharedPortalUrls()[0]) });

  test("see the same files, and parallel uploads through both stop exactly at the quota", async ({
    page,
    signInPage,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "fills bob's quota: once per run");
    await signInPage.signInWithPinTo("/files", bob.pin);
    const [first, second] = stack.sharedPortalUrls();
    const listOn = async (url: string | undefined) =>
      (await (await page.request.get(`${url}/api/files`)).json()) as {
        toPrint: { name: string }[];
        usage: { files: number };
        limits: { quotaFiles: number };
      };
    const before = await listOn(second);
    const sends = Array.from({ length: before.limits.quotaFiles - before.usage.files + 10 }, (_, index) =>
      page.request.post(`${index % 2 === 0 ? first : second}/api/files`, {
        headers: {
          "x-file-name": `shared-${index}.png`,
          "idempotency-key": `shared-${unique()}-${index}`,
          origin: index % 2 === 0 ? first! : second!,
        },
        data: pngBytes(),
      }),
    );
    const statuses = (await Promise.all(sends)).map((answer) => answer.status());
    expect(statuses.filter((status) => status === 201)).toHaveLength(before.limits.quotaFiles - before.usage.files);
    expect(statuses.filter((status) => status === 413)).toHaveLength(10);
    const [onFirst, onSecond] = await Promise.all([listOn(first), listOn(second)]);
    expect(onFirst.usage.files).toBe(before.limits.quotaFiles);
    expect(onSecond.toPrint.map((file) => file.name).sort()).toEqual(onFirst.toPrint.map((file) => file.name).sort());
  });
});
