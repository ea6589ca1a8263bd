import { readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import type { Browser, Page } from "@playwright/test";
import { alice, expect, test as base } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { newestRefreshChain, startClusterStack, type ClusterStack } from "./support/cluster-stack";
import { tokenLifetimeSeconds } from "./support/stack-env";

// The portal as an organisation runs it (`npm run demo:cluster`): three
// instances behind nginx with TLS, round-robin with no sticky sessions, one
// Redis. The stack is this file's own (its tests stop instances and Redis),
// started by the demo's code on free ports; its tests run one after another.
// Which instance served a request: the x-request-id nginx gave it, looked up
// in the instances' request logs.

// Worker-scoped: started once for this file's tests (they run one after another).
const test = base.extend<object, { cluster: ClusterStack; clusterBrowser: Browser }>({
  cluster: [
    async ({}, use) => {
      const stack = await startClusterStack();
      await use(stack);
      await stack.close();
    },
    { scope: "worker", timeout: 360_000 },
  ],
  // A browser that trusts the cluster's CA, as a person's would (docs/administrators.md).
  clusterBrowser: [
    async ({ playwright, launchOptions, cluster }, use) => {
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        env: { ...process.env, HOME: cluster.browserHome },
      });
      await use(browser);
      await browser.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.url);
  },
  context: async ({ clusterBrowser, baseURL }, use) => {
    const context = await clusterBrowser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await use(context);
    await context.close();
  },
});

test.describe.configure({ mode: "default" });

interface Answer {
  status: number;
  requestId: string | null;
  body: string;
}

/** GETs `paths` at once from the page (its cookies, through nginx). */
function fetchAll(page: Page, paths: string[]): Promise<Answer[]> {
  return page.evaluate(
    (all) =>
      Promise.all(
        all.map(async (path) => {
          const answer = await fetch(path, { cache: "no-store" });
          return { status: answer.status, requestId: answer.headers.get("x-request-id"), body: await answer.text() };
        }),
      ),
    paths,
  );
}

/** The instance (0, 1, 2) whose request log has this id (log lines may trail the answer a little). */
async function servedBy(cluster: ClusterStack, requestId: string | null | undefined): Promise<number> {
  expect(requestId, "nginx passes its request id to the instance, which answers with it").toMatch(/^[0-9a-f]{32}$/);
  await expect.poll(() => cluster.instanceOf(requestId!), { timeout: 15_000 }).toBeDefined();
  return cluster.instanceOf(requestId!)!;
}

/** nginx's access log lines from `fromLine` on that answered 5xx. */
function serverErrors(cluster: ClusterStack, fromLine: number): string[] {
  return cluster.accessLog(fromLine).filter((line) => /" 5\d\d upstream=/.test(line));
}

async function signIn(page: Page) {
  const signInPage = new SignInPage(page);
  await signInPage.goto();
  await signInPage.signInWithPin(alice.pin);
  await expectSignedIn(page);
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole("button", { name: alice.fullName })).toBeVisible();
}

test("signed in on one instance, served by all three", async ({ page, cluster }) => {
  test.setTimeout(180_000);
  const logFrom = cluster.accessLog().length;
  await signIn(page);

  const seen = new Set<number>();
  for (const path of ["/", "/reports", "/jobs", "/credit", "/profile"]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    await expectSignedIn(page);
    seen.add(await servedBy(cluster, answer?.headers()["x-request-id"]));
  }
  // One request after another: round-robin reaches every instance.
  for (let i = 0; i < 30 && seen.size < 3; i += 1) {
    const [answer] = await fetchAll(page, ["/api/me"]);
    expect(answer?.status).toBe(200);
    expect(answer?.body).toContain(alice.username);
    seen.add(await servedBy(cluster, answer?.requestId));
  }
  expect([...seen].sort()).toEqual([0, 1, 2]);
  expect(serverErrors(cluster, logFrom)).toEqual([]);
});

test("requests on every instance at once when the token is due refresh it once", async ({ page, cluster }) => {
  test.setTimeout(240_000);
  const logFrom = cluster.accessLog().length;
  await signIn(page);
  // A blank page of the portal's origin, served by the test itself: no page
  // script adds requests of its own, and no CSP of the portal's applies.
  await page.route("**/blank-page-of-the-test", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>blank</title>" }),
  );
  await page.goto("/blank-page-of-the-test");

  for (let round = 1; round <= 2; round += 1) {
    const before = newestRefreshChain(cluster.printServerDatabase, alice.username);
    // A whole token lifetime: the access token is due for refresh on every instance.
    await page.waitForTimeout(tokenLifetimeSeconds * 1000 + 1000);
    const answers = await fetchAll(
      page,
      Array.from({ length: 12 }, () => "/api/me"),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const instances = new Set(await Promise.all(answers.map((answer) => servedBy(cluster, answer.requestId))));
    expect([...instances].sort(), `round ${round}: every instance had requests`).toEqual([0, 1, 2]);

    // What the print server saw: one refresh_token grant (one new token in
    // the chain), and no refresh token used twice (that would revoke the chain).
    const after = newestRefreshChain(cluster.printServerDatabase, alice.username);
    expect(after.length - before.length, `round ${round}: refresh grants`).toBe(1);
    expect(after.filter((token) => token.revoked)).toEqual([]);
    expect(after.filter((token) => token.retired)).toHaveLength(after.length - 1);
  }
  expect(serverErrors(cluster, logFrom)).toEqual([]);
});

test("an instance killed mid-session: the next pages and API calls succeed on the others", async ({
  page,
  cluster,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const victim = cluster.instances[1]!;
  const logFrom = cluster.accessLog().length;
  await victim.kill();
  try {
    for (const path of ["/reports", "/", "/jobs", "/credit", "/profile", "/"]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expectSignedIn(page);
    }
    for (let i = 0; i < 6; i += 1) {
      const [answer] = await fetchAll(page, ["/api/me"]);
      expect(answer?.status).toBe(200);
    }
    // A POST too (signing out is a form post).
    await page.getByRole("button", { name: alice.fullName }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in/);

    // nginx met the dead instance and moved on to the next one.
    const lines = cluster.accessLog(logFrom);
    expect(lines.filter((line) => line.includes(`upstream=${victim.address}, `)).length).toBeGreaterThan(0);
    expect(serverErrors(cluster, logFrom)).toEqual([]);
  } finally {
    await victim.start();
  }
});

test("Redis restarted: the session survives, and nothing answers 500 meanwhile", async ({ page, cluster }) => {
  test.setTimeout(240_000);
  const logFrom = cluster.accessLog().length;
  await signIn(page);
  const statuses: number[] = [];
  page.on("response", (response) => statuses.push(response.status()));

  await cluster.redis.stop();
  try {
    // While Redis is down: API calls say "try again in a moment" (503) ...
    const [answer] = await fetchAll(page, ["/api/me"]);
    expect(answer?.status).toBe(503);
    expect(JSON.parse(answer?.body ?? "{}")).toMatchObject({ error: "unavailable" });
    // ... and pages lead to the sign-in page, which says the same.
    await page.goto("/reports");
    await expect(page).toHaveURL(/\/sign-in\?.*reason=unavailable/);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Part of the portal is restarting");
  } finally {
    await cluster.redis.start();
  }

  // Redis is back with its append-only file: still signed in, whichever instance answers.
  await expect(async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/reports$/, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expectSignedIn(page);
  const answers = await fetchAll(
    page,
    Array.from({ length: 6 }, () => "/api/me"),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
  expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  expect(cluster.accessLog(logFrom).filter((line) => /" 50[0-24-9] upstream=/.test(line))).toEqual([]);
});

/**
 * A GET through nginx as a client other than the browser sends it: TLS to
 * `servername` (verified against the cluster's CA), then `Host`. The status,
 * or the error that ended it (nginx's 444 closes the connection unanswered).
 */
function throughNginx(cluster: ClusterStack, servername: string, host: string, path = "/sign-in") {
  const url = new URL(cluster.url);
  return new Promise<{ status?: number; error?: string }>((resolve) => {
    const sent = httpsRequest(
      { host: "127.0.0.1", port: url.port, path, servername, headers: { host }, ca: readFileSync(cluster.caFile) },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve({ status: answer.statusCode }));
      },
    );
    sent.on("error", (error: NodeJS.ErrnoException) => resolve({ error: `${error.code ?? ""} ${error.message}` }));
    sent.end();
  });
}

test("nginx serves only the portal's name: another host is dropped unanswered", async ({ cluster }) => {
  const own = new URL(cluster.url).host;
  expect(await throughNginx(cluster, "localhost", own)).toEqual({ status: 200 });
  // The portal's name in TLS, another in Host: no answer at all (444).
  const foreignHost = await throughNginx(cluster, "localhost", "evil.example.net");
  expect(foreignHost.status).toBeUndefined();
  expect(foreignHost.error).toMatch(/ECONNRESET|socket hang up/);
  // Another name in TLS: the handshake itself is refused (not a certificate the client doubts).
  const foreignName = await throughNginx(cluster, "evil.example.net", "evil.example.net");
  expect(foreignName.status).toBeUndefined();
  expect(foreignName.error).not.toMatch(/CERT|ALTNAME|self.signed/i);
  expect(foreignName.error).toMatch(/unrecognized name|alert|EPROTO|ECONNRESET/i);
});

test("nginx's log keeps no code or state of the single sign-on callback", async ({ page, cluster }) => {
  const logFrom = cluster.accessLog().length;
  const code = "code-that-finishes-a-sign-in-0123456789";
  const state = "state-that-finishes-a-sign-in-0123456789";
  await page.goto("/sign-in");
  // As the print server's sign-in page sends the browser back (the portal refuses it: no sign-on was started).
  await fetchAll(page, [
    `/api/auth/callback/print-server?code=${code}&state=${state}`,
    "/sign-in?callbackUrl=%2Freports",
  ]);
  const logged = () => cluster.accessLog(logFrom).join("\n");
  await expect.poll(logged).toContain("/api/auth/callback/print-server?(left out)");
  // Other queries stay in the log, where they help.
  await expect.poll(logged).toContain("/sign-in?callbackUrl=%2Freports");
  expect(logged()).not.toContain(code);
  expect(logged()).not.toContain(state);
});

test("signed out while Redis is down: the browser is signed out and told so, and the old cookie does not come back with Redis", async ({
  page,
  cluster,
  clusterBrowser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const oldCookies = await page.context().cookies();
  expect(oldCookies.some((cookie) => cookie.name === "__Host-authjs.session-token")).toBe(true);

  await cluster.redis.stop();
  try {
    await page.getByRole("button", { name: alice.fullName }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in/);
    await expect(
      page.getByRole("main").getByRole("alert").or(page.getByRole("main").getByRole("status")),
    ).toContainText("You have signed out on this device");
    expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith("session-token"))).toBe(false);
  } finally {
    await cluster.redis.start();
  }

  // Redis is back (a fresh sign-in works), and the instances have had a moment to finish the sign-out.
  const other = await clusterBrowser.newContext({ baseURL });
  try {
    await expect(async () => {
      const otherPage = await other.newPage();
      await signIn(otherPage);
      await otherPage.close();
    }).toPass({ timeout: 60_000 });
  } finally {
    await other.close();
  }
  await page.waitForTimeout(3_000);

  // The old cookie, as a copy of it would be sent: signed in nowhere, whichever instance answers.
  const thief = await clusterBrowser.newContext({ baseURL });
  try {
    await thief.addCookies(oldCookies);
    const thiefPage = await thief.newPage();
    await thiefPage.goto("/sign-in");
    const answers = await fetchAll(
      thiefPage,
      Array.from({ length: 6 }, () => "/api/me"),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(401));
    await thiefPage.goto("/reports");
    await expect(thiefPage).toHaveURL(/\/sign-in/);
  } finally {
    await thief.close();
  }
});
