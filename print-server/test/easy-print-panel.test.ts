import type { FastifyInstance } from "fastify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStartupSettings } from "../src/config.js";
import { createExternalStorageClient, ExternalStorageError } from "../src/external-storage/storage-client.js";
import { easyPrint, listEasyPrintFiles, untilPrinted } from "../src/terminal/easy-print.js";
import { buildPanelApp } from "../src/terminal/panel-app.js";
import { terminalDeps, type TerminalSession } from "../src/terminal/terminal-deps.js";
import { creditBalance } from "./support/credit.js";
import { adapterEnv, startFakeStorageAdapter, type FakeStorageAdapter } from "./support/fake-storage-adapter.js";
import { call } from "./support/openapi-client.js";
import { alertText, hiddenValue, panelDriver, unescapeHtml } from "./support/panel-driver.js";
import { removeDataDir, runCli, startPrintServer } from "./support/print-server-process.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, userToken } from "./support/tokens.js";

const RECEPTION = 1; // colour
const LIBRARY = 4; // mono only
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage();
  return Buffer.from(await doc.save());
}

/** The checkbox value (the adapter's id) of the file labelled `name` on an Easy Print page. */
function fileIdOn(html: string, name: string): string {
  const match = new RegExp(`name="file" value="([^"]+)"><label for="file-\\d+">${name}[,<]`).exec(html);
  if (!match?.[1]) throw new Error(`${name} is not listed:\n${html}`);
  return unescapeHtml(match[1]);
}

let adapter: FakeStorageAdapter;
let server: TestApp;
let panel: FastifyInstance;
let aliceToken: string;

const session = (html: string) => hiddenValue(html, "session");
const jobsNamed = async (name: string, state = "printed") => {
  const answer = await call(server, "listJobs", { token: aliceToken, query: { state } });
  return (
    answer.json.jobs as Array<{
      id: number;
      name: string;
      cost: number;
      pageCount: number;
      copies: number;
      color: boolean;
    }>
  ).filter((j) => j.name === name);
};
/** As if the printers had run for an hour: every released job printed and charged. */
const printEverything = () => server.services.printing.simulator.finishDue(Date.now() + 3_600_000);

beforeAll(async () => {
  adapter = await startFakeStorageAdapter();
  // Printing takes minutes here, so a job stays processing until the test prints it.
  server = await buildTestApp({ env: { ...adapterEnv(adapter), PRINT_SERVER_PRINT_JOB_MS: "600000" } });
  panel = await buildPanelApp(server.services, server.app.log);
  const client = await server.registerClient("jobs credit");
  aliceToken = await accessToken(await userToken(server, client, "jobs credit", { type: 2, pin: ALICE.pin }));
});

afterAll(async () => {
  await panel?.close();
  await server?.close();
  await adapter?.close();
});

describe("the printer panel's Easy Print, through the external storage adapter", () => {
  it("lists only the signed-in person's files in To print, over HTTPS with basic authentication", async () => {
    adapter.addToPrint("alice", "Three pages.pdf", await pdfOf(3), "application/pdf");
    adapter.addToPrint("alice", "Photo.png", PNG, "image/png");
    adapter.addToPrint("bob", "Site plan.pdf", await pdfOf(1), "application/pdf");
    adapter.addToPrint("alice", '"><script>alert(1)</script>.png', PNG, "image/png");
    const driver = panelDriver(panel);
    const menu = await driver.signIn(RECEPTION, ALICE.pin);
    expect(menu.status).toBe(200);
    expect(menu.html).toContain("Welcome, Alice Liddell");
    expect(menu.headers["content-security-policy"]).toContain("form-action 'self'");

    const before = adapter.requests.length;
    const list = await driver.post("/easy-print", { session: session(menu.html) });
    expect(list.status).toBe(200);
    expect(fileIdOn(list.html, "Three pages.pdf")).toBe("inbox/Three pages.pdf");
    expect(fileIdOn(list.html, "Photo.png")).toBe("inbox/Photo.png");
    expect(list.html).not.toContain("Site plan.pdf");
    expect(list.html).not.toContain("<script>");
    expect(list.html).toContain('value="inbox/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.png"');
    expect(list.html).toMatch(/<label for="copies">Copies<\/label>/);
    const calls = adapter.requests.slice(before);
    expect(calls.map((r) => `${r.method} ${r.rawPath}`)).toEqual(["GET /folders/alice", "GET /folders/alice/inbox"]);
    expect(calls.every((r) => r.authorized)).toBe(true);
  });

  it("the same listing as a function tests and the CLI call", async () => {
    const deps = terminalDeps(server.services);
    const bob: TerminalSession = {
      user: server.services.users.byId(BOB.id)!,
      printer: server.services.printers.byId(RECEPTION)!,
    };
    expect((await listEasyPrintFiles(deps, bob)).map((f) => f.name)).toEqual(["Site plan.pdf"]);
  });

  it("prints a chosen PDF as a printed job in the person's history, charged at the printer's prices, and deletes the file", async () => {
    const driver = panelDriver(panel);
    const balanceBefore = await creditBalance(server, aliceToken, ALICE.id);
    const list = await driver.post("/easy-print", {
      session: session((await driver.signIn(RECEPTION, ALICE.pin)).html),
    });
    const printed = await driver.post("/easy-print/print", {
      session: session(list.html),
      form: hiddenValue(list.html, "form"),
      file: fileIdOn(list.html, "Three pages.pdf"),
      copies: "2",
      colour: "colour",
    });
    expect(printed.status).toBe(200);
    // 3 colour pages at 0.15, two copies.
    expect(printed.html).toContain("Three pages.pdf: 3 pages, 2 copies, colour, 0.90 EUR");
    expect(printed.html).toContain('Removed from "To print": Three pages.pdf.');
    expect(adapter.names("alice", "inbox")).not.toContain("Three pages.pdf");
    expect(adapter.names("alice", "inbox")).toContain("Photo.png");

    expect(await jobsNamed("Three pages.pdf", "processing")).toHaveLength(1);
    printEverything();
    const [job] = await jobsNamed("Three pages.pdf");
    expect(job).toMatchObject({ pageCount: 3, copies: 2, color: true, cost: 0.9 });
    expect(await creditBalance(server, aliceToken, ALICE.id)).toBeCloseTo(balanceBefore - 0.9, 2);
  });

  it("prints a photo as one page, in black and white at a mono printer whatever was chosen", async () => {
    const driver = panelDriver(panel);
    const list = await driver.post("/easy-print", { session: session((await driver.signIn(LIBRARY, ALICE.pin)).html) });
    expect(list.html).toContain("This printer prints in black and white only.");
    const printed = await driver.post("/easy-print/print", {
      session: session(list.html),
      form: hiddenValue(list.html, "form"),
      file: fileIdOn(list.html, "Photo.png"),
      copies: "1",
      colour: "colour",
    });
    expect(printed.html).toContain("Photo.png: 1 page, 1 copy, black and white, 0.05 EUR");
    printEverything();
    expect(await jobsNamed("Photo.png")).toMatchObject([{ pageCount: 1, color: false, cost: 0.05 }]);
  });

  it("a double-submitted print form prints and charges once, and both answers say the same", async () => {
    adapter.addToPrint("alice", "Twice.pdf", await pdfOf(1), "application/pdf");
    const driver = panelDriver(panel);
    const list = await driver.post("/easy-print", {
      session: session((await driver.signIn(RECEPTION, ALICE.pin)).html),
    });
    const fields = {
      session: session(list.html),
      form: hiddenValue(list.html, "form"),
      file: fileIdOn(list.html, "Twice.pdf"),
      copies: "1",
      colour: "mono",
    };
    const before = adapter.requests.length;
    const [first, second] = await Promise.all([
      driver.post("/easy-print/print", fields),
      driver.post("/easy-print/print", fields),
    ]);
    const third = await driver.post("/easy-print/print", fields);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.html).toBe(first.html);
    expect(third.html).toBe(first.html);
    const calls = adapter.requests.slice(before).map((r) => `${r.method} ${r.rawPath}`);
    expect(calls.filter((c) => c === "GET /files/alice/inbox%2FTwice.pdf")).toHaveLength(1);
    expect(calls.filter((c) => c === "DELETE /files/alice/inbox%2FTwice.pdf")).toHaveLength(1);
    printEverything();
    expect(await jobsNamed("Twice.pdf")).toHaveLength(1);
  });

  it("refuses a damaged PDF with a sentence, and prints nothing", async () => {
    adapter.addToPrint("alice", "Broken.pdf", Buffer.from("%PDF-1.4\nnot really a PDF"), "application/pdf");
    const driver = panelDriver(panel);
    const list = await driver.post("/easy-print", {
      session: session((await driver.signIn(RECEPTION, ALICE.pin)).html),
    });
    const refused = await driver.post("/easy-print/print", {
      session: session(list.html),
      form: hiddenValue(list.html, "form"),
      file: fileIdOn(list.html, "Broken.pdf"),
      copies: "1",
    });
    expect(refused.status).toBe(400);
    expect(alertText(refused.html)).toBe("Broken.pdf is a damaged PDF. Nothing was printed.");
    expect(await jobsNamed("Broken.pdf", "ready")).toEqual([]);
    expect(await jobsNamed("Broken.pdf", "processing")).toEqual([]);
    expect(adapter.names("alice", "inbox")).toContain("Broken.pdf");
  });

  it("refuses a form posted from another site, and a session that is not the panel's", async () => {
    const driver = panelDriver(panel);
    const menu = await driver.signIn(RECEPTION, ALICE.pin);
    const crossSite = await driver.post(
      "/easy-print",
      { session: session(menu.html) },
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(400);
    expect(crossSite.html).not.toContain("Easy Print</h1>");
    // A client without Sec-Fetch-Site is judged by its Origin.
    const otherOrigin = await driver.post(
      "/easy-print",
      { session: session(menu.html) },
      { origin: "https://evil.example" },
    );
    expect(otherOrigin.status).toBe(400);
    const sameOrigin = await driver.post(
      "/easy-print",
      { session: session(menu.html) },
      { origin: "http://localhost:80", host: "localhost:80", "sec-fetch-site": "same-origin" },
    );
    expect(sameOrigin.status).toBe(200);
    const unknown = await driver.post("/easy-print", { session: "made-up" });
    expect(unknown.status).toBe(400);
    expect(alertText(unknown.html)).toBe("You are signed out of the printer. Sign in again.");
    const signedOut = await driver.post("/sign-out", { session: session(menu.html) });
    expect(signedOut.html).toContain('<label for="pin">PIN</label>');
    expect((await driver.post("/menu", { session: session(menu.html) })).status).toBe(400);
  });
});

describe("the printer panel's Easy Scan", () => {
  it("POSTs a valid one-page PDF into the person's Scans, once for a double submit", async () => {
    const driver = panelDriver(panel);
    const menu = await driver.signIn(RECEPTION, ALICE.pin);
    const scanPage = await driver.post("/easy-scan", { session: session(menu.html) });
    expect(scanPage.status).toBe(200);
    const fields = { session: session(scanPage.html), form: hiddenValue(scanPage.html, "form") };
    const before = adapter.requests.length;
    const [scanned, again] = await Promise.all([
      driver.post("/easy-scan/scan", fields),
      driver.post("/easy-scan/scan", fields),
    ]);
    expect(scanned.status).toBe(200);
    expect(again.html).toBe(scanned.html);
    const posts = adapter.requests.slice(before).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.contentType).toBe("application/octet-stream");
    expect(posts[0]!.rawPath).toMatch(
      /^\/files\/alice\/scans%2FScan%20\d{4}-\d\d-\d\d%20\d\d-\d\d-\d\d%20Reception\.pdf$/,
    );
    const [name] = adapter.names("alice", "scans");
    expect(scanned.html).toContain(`${name} is in your "Scans" folder.`);
    const pdf = adapter.file("alice", "scans", name!)!;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});

describe("the terminal CLI commands", () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(["terminal", ...args], {
      PRINT_SERVER_DATA: server.dataDir,
      PRINT_SERVER_PRINT_JOB_MS: "0",
      PRINT_SERVER_PRINT_PAGE_MS: "0",
      ...adapterEnv(adapter),
      ...env,
    });

  it("terminal easy-print prints one file by name, waits until it is printed, and removes it", async () => {
    adapter.addToPrint("bob", "Timesheet copy.pdf", await pdfOf(2), "application/pdf");
    const result = await cli([
      "easy-print",
      "--printer",
      "reception",
      "--pin",
      BOB.pin,
      "--file",
      "Timesheet copy.pdf",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as {
      jobs: Array<{ id: number; name: string; cost: number }>;
      deleted: string[];
    };
    // Two mono pages at 0.05.
    expect(answer.jobs).toMatchObject([{ name: "Timesheet copy.pdf", cost: 0.1 }]);
    expect(answer.deleted).toEqual(["Timesheet copy.pdf"]);
    expect(server.services.jobs.byId(answer.jobs[0]!.id)).toMatchObject({
      state: "printed",
      cost_cents: 10,
      user_id: BOB.id,
    });
    expect(adapter.names("bob", "inbox")).toEqual(["Site plan.pdf"]);
  });

  it("terminal easy-scan delivers a generated scan; a wrong PIN or printer is one sentence on stderr", async () => {
    const result = await cli(["easy-scan", "--printer", "Finance MFP", "--pin", BOB.pin]);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { name: string; fileId: string };
    expect(answer.fileId).toBe(`scans/${answer.name}`);
    expect(adapter.names("bob", "scans")).toEqual([answer.name]);

    const wrongPin = await cli(["easy-scan", "--printer", "Finance MFP", "--pin", "000000"]);
    expect(wrongPin).toMatchObject({ code: 1, stdout: "" });
    expect(wrongPin.stderr).toBe("print-server: The sign-in data is not valid.\n");
    const noPrinter = await cli(["easy-print", "--printer", "Nowhere", "--pin", BOB.pin]);
    expect(noPrinter.stderr).toBe('print-server: There is no printer named "Nowhere".\n');
  });
});

describe("the external storage settings", () => {
  it("keeps the file after printing when MyQ's setting says so", async () => {
    const keeping = await buildTestApp({
      env: {
        ...adapterEnv(adapter, { PRINT_SERVER_EASY_PRINT_DELETE_AFTER_PRINT: "false" }),
        PRINT_SERVER_PRINT_JOB_MS: "0",
        PRINT_SERVER_PRINT_PAGE_MS: "0",
      },
    });
    try {
      adapter.addToPrint("bob", "Keep me.pdf", await pdfOf(1), "application/pdf");
      const deps = terminalDeps(keeping.services);
      const bob = { user: keeping.services.users.byId(BOB.id)!, printer: keeping.services.printers.byId(RECEPTION)! };
      const result = await easyPrint(deps, bob, { fileIds: ["inbox/Keep me.pdf"], copies: 1, colour: false });
      expect(result).toMatchObject({ kept: ["Keep me.pdf"], deleted: [] });
      await untilPrinted(
        deps,
        result.jobs.map((j) => j.id),
      );
      expect(keeping.services.jobs.byId(result.jobs[0]!.id)?.state).toBe("printed");
      expect(adapter.names("bob", "inbox")).toContain("Keep me.pdf");
    } finally {
      await keeping.close();
    }
  });

  it("wrong adapter credentials are a clear error on the panel, without the password; PIN failures are limited", async () => {
    const wrong = await buildTestApp({
      env: adapterEnv(adapter, { PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: "not-the-password" }),
    });
    const wrongPanel = await buildPanelApp(wrong.services, wrong.app.log);
    try {
      const driver = panelDriver(wrongPanel);
      const list = await driver.post("/easy-print", {
        session: session((await driver.signIn(RECEPTION, ALICE.pin)).html),
      });
      expect(list.status).toBe(502);
      expect(alertText(list.html)).toBe(
        "Your files cannot be opened at this printer: the storage refused the printer's login. Ask an administrator. " +
          "For the administrator: The external storage refused the print server's login and password (401); " +
          "check PRINT_SERVER_EXTERNAL_STORAGE_LOGIN and PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD.",
      );
      expect(list.html).not.toContain("not-the-password");
      expect(wrong.logs).toContainEqual(
        expect.objectContaining({ msg: "external storage call failed", kind: "unauthorized", status: 401 }),
      );
      expect(wrong.output()).not.toContain("not-the-password");
      expect(wrong.output()).not.toContain(ALICE.pin);
      expect(list.html).not.toContain('name="file"');

      // The sign-in page's limits: 10 failures from one address in the window, then 429 even for the right PIN.
      const wrongPin = await driver.signIn(RECEPTION, "990999");
      expect(wrongPin.status).toBe(400);
      expect(alertText(wrongPin.html)).toBe("The PIN is not valid. Try again.");
      for (let i = 1; i < 10; i++) expect((await driver.signIn(RECEPTION, `99${i}999`)).status).toBe(400);
      const locked = await driver.signIn(RECEPTION, ALICE.pin);
      expect(locked.status).toBe(429);
      expect(locked.headers["retry-after"]).toMatch(/^\d+$/);
      expect(alertText(locked.html)).toBe("Too many failed sign-ins. Wait a while, then try again.");
    } finally {
      await wrongPanel.close();
      await wrong.close();
    }
  });

  it("an adapter whose CA is not trusted is refused, never read unverified", async () => {
    const client = createExternalStorageClient({ url: adapter.url, login: adapter.login, password: adapter.password });
    try {
      const error = await client.listFolder("alice", "").catch((err: unknown) => err);
      expect(error).toBeInstanceOf(ExternalStorageError);
      expect((error as ExternalStorageError).kind).toBe("untrusted");
    } finally {
      await client.close();
    }
  });

  it("takes one connection of URL, login and password; plain HTTP only on this machine", () => {
    const base = { PRINT_SERVER_DATA: "/tmp/unused" };
    const full = {
      ...base,
      PRINT_SERVER_EXTERNAL_STORAGE_URL: "https://portal.example/api/external-storage/",
      PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: "myq",
      PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: "pw",
    };
    expect(loadStartupSettings(base).externalStorage).toBeUndefined();
    expect(loadStartupSettings(full).externalStorage).toEqual({
      url: "https://portal.example/api/external-storage",
      login: "myq",
      password: "pw",
      caFile: undefined,
      deleteAfterPrint: true,
    });
    expect(
      loadStartupSettings({ ...full, PRINT_SERVER_EASY_PRINT_DELETE_AFTER_PRINT: "false" }).externalStorage
        ?.deleteAfterPrint,
    ).toBe(false);
    expect(() =>
      loadStartupSettings({ ...full, PRINT_SERVER_EXTERNAL_STORAGE_URL: "http://portal.example/x" }),
    ).toThrow(/must be https/);
    expect(
      loadStartupSettings({ ...full, PRINT_SERVER_EXTERNAL_STORAGE_URL: "http://127.0.0.1:3000/api/external-storage" })
        .externalStorage?.url,
    ).toBe("http://127.0.0.1:3000/api/external-storage");
    expect(() => loadStartupSettings({ ...full, PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: "" })).toThrow(/_PASSWORD/);
    expect(() => loadStartupSettings({ ...base, PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: "myq" })).toThrow(
      /PRINT_SERVER_EXTERNAL_STORAGE_URL is required/,
    );
    expect(loadStartupSettings({ ...base, PRINT_SERVER_PANEL_PORT: "0" }).panelPort).toBe(0);
    expect(loadStartupSettings({ ...base, PRINT_SERVER_PANEL_PORT: "" }).panelPort).toBeUndefined();
  });
});

describe("the real server's printer panel", () => {
  it("is served over loopback HTTP at PRINT_SERVER_PANEL_PORT, logged as panelUrl, and not on the API's port", async () => {
    adapter.addToPrint("alice", "Over real HTTP.pdf", await pdfOf(1), "application/pdf");
    const real = await startPrintServer({ env: { ...adapterEnv(adapter), PRINT_SERVER_PANEL_PORT: "0" } });
    try {
      const panelUrl = real.logs.find((l) => l.msg === "listening")?.panelUrl;
      expect(panelUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const start = await fetch(`${String(panelUrl)}/?printer=${RECEPTION}`);
      expect(start.status).toBe(200);
      const startHtml = await start.text();
      expect(startHtml).toContain('<option value="1" selected>Reception</option>');
      const post = (path: string, fields: Record<string, string>) =>
        fetch(`${String(panelUrl)}${path}`, { method: "POST", body: new URLSearchParams(fields) });
      const menu = await post("/sign-in", { form: hiddenValue(startHtml, "form"), printer: "1", pin: ALICE.pin });
      const list = await post("/easy-print", { session: hiddenValue(await menu.text(), "session") });
      expect(list.status).toBe(200);
      expect(fileIdOn(await list.text(), "Over real HTTP.pdf")).toBe("inbox/Over real HTTP.pdf");
      expect((await real.fetch("/sign-in", { method: "POST" })).status).toBe(404);
    } finally {
      await real.stop();
      removeDataDir(real.dataDir);
    }
  });
});
