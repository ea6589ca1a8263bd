import { readFileSync, readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join, sep } from "node:path";
import type { APIResponse } from "@playwright/test";
import { alice, expect, test } from "./fixtures";
import { startPrivateStack } from "./support/private-stack";

// The header audit: every page and every
// route handler the app folder holds, found on disk so a new one cannot be
// left out, is requested signed out and signed in; each answer must carry the
// security headers, and nothing personal may be cached. State-changing
// methods are sent a body every route refuses (400) or an id nobody has, so
// the audit changes nothing. (HSTS over HTTPS: e2e/behind-tls-proxy.spec.ts.)

const appDir = join(process.cwd(), "app");
const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The URL path of an app folder: route groups dropped, dynamic segments given an id nobody has. */
function urlPath(folder: string): string {
  const segments = folder
    .split(sep)
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    .map((segment) => (segment.startsWith("[...") ? "no-such-route" : segment.startsWith("[") ? "999999" : segment));
  return `/${segments.join("/")}`;
}

function filesNamed(name: string): string[] {
  return readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => file === name || file.endsWith(`${sep}${name}`),
  );
}

const pages = filesNamed("page.tsx").map((file) => urlPath(file.slice(0, -"page.tsx".length)));
const routes = filesNamed("route.ts").flatMap((file) => {
  const source = readFileSync(join(appDir, file), "utf8");
  const path = urlPath(file.slice(0, -"route.ts".length));
  return methods
    .filter((method) => new RegExp(`export (const|async function) ${method}\\b|as ${method}\\b`).test(source))
    .map((method) => ({ method, path }));
});

function expectCommonHeaders(answer: APIResponse, what: string): void {
  const headers = answer.headers();
  expect(answer.status(), what).toBeLessThan(500);
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"], what).toBeUndefined();
}

function expectNoStore(answer: APIResponse, what: string): void {
  expect(answer.headers()["cache-control"] ?? "", what).toContain("no-store");
}

function expectPageHeaders(answer: APIResponse, what: string): void {
  expectCommonHeaders(answer, what);
  expectNoStore(answer, what);
  const csp = answer.headers()["content-security-policy"] ?? "";
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'self'");
  expect(csp, what).toMatch(/frame-ancestors 'self'/);
}

function expectRouteHeaders(answer: APIResponse, what: string): void {
  expectCommonHeaders(answer, what);
  // An API answer is never a document: nothing may run in it or frame it.
  expect(answer.headers()["content-security-policy"], what).toBe("default-src 'none'; frame-ancestors 'none'");
  if (answer.status() >= 300 && answer.status() < 400) {
    expectNoStore(answer, what);
    return;
  }
  const type = answer.headers()["content-type"] ?? "";
  if (!type.startsWith("text/csv")) expect(type, what).toContain("application/json");
  // The health check is nobody's; everything else is someone's.
  if (!what.endsWith(" /api/health")) expectNoStore(answer, what);
}

async function audit(request: import("@playwright/test").APIRequestContext, signedIn: boolean): Promise<void> {
  const state = signedIn ? "signed in" : "signed out";
  for (const path of pages) {
    const answer = await request.get(path, { maxRedirects: 0 });
    const what = `${state}: page ${path}`;
    if (answer.status() >= 300 && answer.status() < 400) {
      // Signed out, a personal page sends the browser to sign-in; signed in, the sign-in page sends it home.
      expect(path === "/sign-in", what).toBe(signedIn);
      expectCommonHeaders(answer, what);
      continue;
    }
    expect(answer.status(), what).toBe(200);
    expectPageHeaders(answer, what);
  }
  for (const { method, path } of routes) {
    const answer = await request.fetch(path, {
      method,
      maxRedirects: 0,
      ...(method === "GET" ? {} : { data: { audit: "a body no route accepts" } }),
    });
    expectRouteHeaders(answer, `${state}: ${method} ${path}`);
  }
}

test("every page and route carries the security headers, and nothing personal is cached", async ({
  page,
  homePage,
}) => {
  test.setTimeout(180_000);
  expect(pages.length).toBeGreaterThanOrEqual(6);
  expect(routes.length).toBeGreaterThanOrEqual(25);

  await audit(page.request, false);

  await homePage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
  await audit(page.request, true);
  // Nothing in the audit changed or ended the session.
  expect((await page.request.get("/api/session")).ok()).toBe(true);
  expect(await (await page.request.get("/api/session")).json()).toMatchObject({ signedIn: true });
});

test("the build's scripts and stylesheets carry the security headers, a year's cache and compression", async ({
  request,
}) => {
  const html = await (await request.get("/sign-in")).text();
  const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1]!))];
  expect(assets.length).toBeGreaterThanOrEqual(4);
  const codings = new Set<string>();
  for (const path of assets) {
    const answer = await request.get(path, { headers: { "accept-encoding": "gzip, br" } });
    expect(answer.status(), path).toBe(200);
    expectCommonHeaders(answer, path);
    expect(answer.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
    codings.add(answer.headers()["content-encoding"] ?? "none");
    // Sent again to a browser that has it: not modified.
    const again = await request.get(path, { headers: { "if-none-match": answer.headers()["etag"] ?? "" } });
    expect(again.status(), path).toBe(304);
  }
  // The larger files are compressed (brotli once it is ready, gzip until then).
  expect([...codings].some((coding) => coding === "br" || coding === "gzip")).toBe(true);
});

test("pages are compressed, a short JSON answer goes as it is", async ({ page, homePage }) => {
  const gzip = { "accept-encoding": "gzip" };
  const signIn = await page.request.get("/sign-in", { headers: gzip });
  expect(signIn.headers()["content-encoding"]).toBe("gzip");
  await homePage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
  // Longer than the 1 kB from which Next.js would gzip it, shorter than the portal's 16 kB (lib/http/route.ts).
  const printed = await page.request.get("/api/jobs?list=printed", { headers: gzip });
  expect(printed.status()).toBe(200);
  expect((await printed.body()).length).toBeGreaterThan(1024);
  expect(printed.headers()["content-encoding"]).toBeUndefined();
  expect(printed.headers()["cache-control"]).toBe("private, no-store, no-transform");
});

/** A GET with the headers as given (Host included), straight to the portal's socket: its status and body. */
function rawGet(portalUrl: string, path: string, headers: Record<string, string>) {
  const url = new URL(portalUrl);
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const sent = httpRequest({ host: url.hostname, port: url.port, path, headers }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (body += chunk));
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 0, type: answer.headers["content-type"] ?? "", body }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

test("a request for another host is refused before any route runs; the portal's own host is served", async ({
  baseURL,
}) => {
  const own = new URL(baseURL!).host;
  for (const path of ["/sign-in", "/api/me", "/api/auth/session", "/_next/static/no-such-file.js"]) {
    const foreign: Record<string, string>[] = [
      { host: "evil.example.net" },
      { host: `evil.example.net:${new URL(baseURL!).port}` },
      // A rebinding page: its own name, resolving to this machine.
      { host: `rebind.example.net:${new URL(baseURL!).port}` },
      { host: own, "x-forwarded-host": "evil.example.net" },
    ];
    for (const headers of foreign) {
      const answer = await rawGet(baseURL!, path, headers);
      expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(421);
      expect(answer.type).toContain("application/json");
      expect(JSON.parse(answer.body)).toEqual({ error: "bad_request", message: expect.any(String) });
    }
  }
  expect((await rawGet(baseURL!, "/sign-in", { host: own })).status).toBe(200);
});

test("behind a TLS proxy every cookie the portal sets is __Host-: Secure, Path=/, no Domain", async ({
  page,
  signInPage,
  homePage,
}) => {
  test.setTimeout(180_000);
  const stack = await startPrivateStack({ behindTlsProxy: true });
  try {
    const answers: Promise<{ name: string; value: string }[]>[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(stack.portalUrl)) answers.push(response.headersArray());
    });
    await page.goto(`${stack.portalUrl}/sign-in`);
    // The preferences too: a theme chosen on the sign-in page, a language in the user menu.
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await signInPage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);
    await page.getByRole("button", { name: alice.fullName }).click();
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");

    const setCookies = (await Promise.all(answers))
      .flat()
      .filter(({ name }) => name.toLowerCase() === "set-cookie")
      .map(({ value }) => value);
    const names = setCookies.map((line) => line.slice(0, line.indexOf("=")));
    expect(names).toEqual(
      expect.arrayContaining([
        "__Host-authjs.session-token",
        "__Host-portal-browser",
        "__Host-portal-theme",
        "__Host-portal-language",
      ]),
    );
    for (const line of setCookies) {
      expect(line, line).toMatch(/^__Host-/);
      expect(line, line).toMatch(/;\s*secure/i);
      expect(line, line).toMatch(/;\s*path=\/(;|$)/i);
      expect(line, line).not.toMatch(/;\s*domain=/i);
    }
    // The browser keeps them, and nothing else of the portal's.
    const kept = await page.context().cookies(stack.portalUrl);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const cookie of kept) expect(cookie.name).toMatch(/^__Host-/);
  } finally {
    await stack.close();
  }
});
