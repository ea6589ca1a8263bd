import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import QRCode from "qrcode";
import type { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrintServerAlone, type PrintServerAlone } from "./test-support/print-server-alone";
import { createAgent, createPrintServerApi } from "@/lib/print-server/api-client";
import { fetchPrinterChoices, type PrinterChoice } from "@/lib/print-server/printer-list";
import { requestClientToken } from "@/lib/print-server/token-endpoint";
import { root } from "./lib/stack.mjs";

// `npm run labels` for real: the command as an administrator runs it, with
// the portal's settings, against a print server of the test's own. Every
// printer the server lists gets a label with its name, location and a QR
// code whose modules are exactly those of its /jobs?printer=<id> link.

const run = promisify(execFile);
const portalUrl = "https://print.example.com/portal";

let server: PrintServerAlone;
let agent: Agent;
let workDir: string;
let printers: PrinterChoice[];

beforeAll(async () => {
  server = await startPrintServerAlone();
  workDir = mkdtempSync(join(tmpdir(), "printer-labels-"));
  agent = createAgent(server.caPem, 15_000);
  const api = createPrintServerApi({ baseUrl: server.url, timeoutMs: 15_000, dispatcher: agent });
  const deps = { api, ...server.client, scopes: "printers" };
  printers = await fetchPrinterChoices((await requestClientToken(deps)).accessToken, api);
}, 120_000);

afterAll(async () => {
  await agent?.close();
  await server?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function portalEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "test",
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PRINT_SERVER_URL: server.url,
    PRINT_SERVER_CA_FILE: server.caFile,
    PRINT_SERVER_CLIENT_ID: server.client.clientId,
    PRINT_SERVER_CLIENT_SECRET: server.client.clientSecret,
    AUTH_SECRET: "a-test-secret-of-at-least-32-characters",
    PORTAL_URL: portalUrl,
    // An https:// portal sits behind a TLS proxy, which names the browser's address here.
    PORTAL_TRUSTED_PROXY_HEADER: "x-forwarded-for",
    ...overrides,
  };
}

/** What the command wrote, without npm's own warnings about the machine's npm settings. */
const ownLines = (text: string) => text.split("\n").filter((line) => line.trim() && !line.startsWith("npm warn"));

/** The dark modules an SVG of the qrcode library draws (`M x y` then `h n` runs and `m dx dy` moves), by row. */
function drawnModules(svg: string, margin: number): string[] {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]) - 2 * margin;
  const rows = Array.from({ length: size }, () => Array<string>(size).fill("0"));
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? "";
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === "M") [x, y] = [Number(a), Number(b)];
    else if (command === "m") [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i++) rows[Math.floor(y) - margin]![x - margin + i] = "1";
      x += Number(a);
    }
  }
  return rows.map((row) => row.join(""));
}

function expectedModules(link: string): string[] {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => (modules.get(row, col) ? "1" : "0")).join(""),
  );
}

describe("npm run labels", { timeout: 120_000 }, () => {
  it("writes a sheet with every printer's name, location and a QR code of its release link", async () => {
    const out = join(workDir, "printer-labels.html");
    const { stderr } = await run("npm", ["run", "-s", "labels", "--", "--out", out], { cwd: root, env: portalEnv() });
    expect(ownLines(stderr)).toEqual([`${printers.length} labels written to ${out}`]);
    expect(printers.map((p) => p.name)).toEqual(["Design studio", "Finance MFP", "Library", "Reception", "Warehouse"]);

    const html = readFileSync(out, "utf8");
    const labels = [...html.matchAll(/<section class="label" data-link="([^"]+)">([\s\S]*?)<\/section>/g)];
    expect(labels).toHaveLength(printers.length);
    for (const [index, printer] of printers.entries()) {
      const [, dataLink, body] = labels[index]!;
      const link = `${portalUrl}/jobs?printer=${printer.id}`;
      expect(dataLink).toBe(link);
      expect(body).toContain(`<h2>${printer.name}</h2>`);
      expect(body).toContain(`<p class="location">${printer.location}</p>`);
      expect(body).toContain(`aria-label="QR code: ${link}"`);
      expect(body).toContain(`<p class="link">${link}</p>`);
      // The code itself: module for module, the QR code of exactly this link.
      const svg = /<svg[\s\S]*?<\/svg>/.exec(body ?? "")?.[0] ?? "";
      expect(drawnModules(svg, 2)).toEqual(expectedModules(link));
    }
    // A printer that cannot print now still gets its label: the page says why when scanned.
    expect(html).toContain("<h2>Warehouse</h2>");
  });

  it("without --out prints the sheet; a wrong secret fails with a sentence and no secret", async () => {
    const printed = await run("npm", ["run", "-s", "labels"], { cwd: root, env: portalEnv() });
    expect(printed.stdout).toMatch(/^<!doctype html>/);
    expect(printed.stdout.match(/<section class="label"/g)).toHaveLength(printers.length);

    const refused = await run("npm", ["run", "-s", "labels"], {
      cwd: root,
      env: portalEnv({ PRINT_SERVER_CLIENT_SECRET: "not-the-secret" }),
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect("code" in refused && refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(ownLines(refused.stderr)).toEqual([expect.stringMatching(/^printer labels: \S/)]);
    expect(refused.stderr).not.toContain("not-the-secret");
    expect(refused.stderr).not.toContain(server.client.clientId);
  });
});
