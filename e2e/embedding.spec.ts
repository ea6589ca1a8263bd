import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Frame, FrameLocator, Page } from "@playwright/test";
import { alice, bob, expect, test as base } from "./fixtures";
import { pdfBytes } from "./files-samples";
import { framedTitle, startFrameHost, type FrameHost } from "./support/frame-host";
import { freePort } from "./support/free-port";
import { startPrivateStack, type PrivateStack } from "./support/private-stack";
import { reportReadyTimeout } from "./support/stack-env";
import { PrintServerSignInPage } from "./pages/print-server-sign-in-page";

// The portal inside an intranet page of another site: http://127.0.0.1:<port>
// frames the portal on http://localhost:<port> (different sites, so the
// browser applies its cross-site cookie rules for real). The portal of this
// file allows exactly that one intranet origin (PORTAL_FRAME_ANCESTORS).

interface Intranet {
  stack: PrivateStack;
  /** The page on the allowed origin. */
  allowed: FrameHost;
  /** The same page on an origin not on the list. */
  refused: FrameHost;
}

const test = base.extend<object, { intranet: Intranet }>({
  intranet: [
    async ({}, use) => {
      const allowedPort = await freePort();
      const filesDir = mkdtempSync(join(tmpdir(), "embedded-files-"));
      const stack = await startPrivateStack({
        portalEnv: { PORTAL_FRAME_ANCESTORS: `http://127.0.0.1:${allowedPort}`, PORTAL_FILES_DIR: filesDir },
        singleSignOn: true,
      });
      const allowed = await startFrameHost(allowedPort, stack.portalUrl);
      const refused = await startFrameHost(await freePort(), stack.portalUrl);
      await use({ stack, allowed, refused });
      await Promise.all([allowed.close(), refused.close()]);
      await stack.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ intranet }, use) => {
    await use(intranet.stack.portalUrl);
  },
});

function portalFrame(page: Page): FrameLocator {
  return page.frameLocator(`iframe[title="${framedTitle}"]`);
}

/** The frame object itself, for its URL. */
function portalFrameOf(page: Page, portalUrl: string): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(portalUrl));
  if (!frame) throw new Error("the portal frame is not there");
  return frame;
}

async function signInByPin(frame: FrameLocator, pin: string): Promise<void> {
  await frame.getByRole("tab", { name: "PIN" }).click();
  await frame
    .locator("input")
    .and(frame.getByLabel("PIN", { exact: true }))
    .fill(pin);
  await frame.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click();
}

test.describe("embedded in an intranet page", () => {
  test("signs in by PIN and runs a report inside a cross-site frame", async ({ page, context, intranet }) => {
    await page.goto(intranet.allowed.url);
    const frame = portalFrame(page);
    await expect(frame.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await signInByPin(frame, alice.pin);
    await expect(frame.getByRole("heading", { level: 1, name: `Hello, ${alice.fullName}` })).toBeVisible();

    // The cookie that keeps the session is one a cross-site frame may use.
    const session = (await context.cookies(intranet.stack.portalUrl)).find((cookie) =>
      cookie.name.endsWith("authjs.session-token"),
    );
    expect(session).toMatchObject({ sameSite: "None", secure: true, httpOnly: true });
    expect(session?.partitionKey).toBeTruthy();

    // Compact: no product header or phone bar, only the sections and the user menu.
    await expect(frame.getByRole("banner")).toHaveCount(0);
    await frame.getByRole("navigation").getByRole("link", { name: "Reports" }).click();
    await expect(frame.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    expect(new URL(portalFrameOf(page, intranet.stack.portalUrl).url()).searchParams.get("embed")).toBe("1");

    const row = frame.getByRole("group", { name: "My monthly summary" });
    await row.getByLabel("Format").selectOption({ label: "CSV" });
    await row.getByRole("button", { name: "Run" }).click();
    const entry = frame.getByRole("list", { name: "Recent reports" }).getByRole("listitem").first();
    await expect(entry).toContainText("Ready", { timeout: reportReadyTimeout });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      entry.getByRole("link", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-monthly-summary-.*\.csv$/);

    // A reload of the intranet page keeps the session and the compact layout.
    await page.reload();
    await expect(portalFrame(page).getByRole("heading", { level: 1, name: `Hello, ${alice.fullName}` })).toBeVisible();
    await expect(portalFrame(page).getByRole("banner")).toHaveCount(0);

    // The user menu works in the frame too: the language cookie sticks, and
    // signing out leads to the framed sign-in page.
    await portalFrame(page).getByRole("button", { name: alice.fullName }).click();
    await portalFrame(page).getByRole("button", { name: "Deutsch" }).click();
    await expect(portalFrame(page).getByRole("heading", { level: 1, name: `Hallo, ${alice.fullName}` })).toBeVisible();
    await portalFrame(page).getByRole("button", { name: alice.fullName }).click();
    await portalFrame(page).getByRole("button", { name: "Abmelden" }).click();
    await expect(portalFrame(page).getByRole("heading", { name: "Anmelden" })).toBeVisible();
    const signedOut = new URL(portalFrameOf(page, intranet.stack.portalUrl).url());
    expect(signedOut.pathname).toBe("/sign-in");
    expect(signedOut.searchParams.get("embed")).toBe("1");
  });

  test("single sign-on opens the print server's page in a new tab and finishes there", async ({ page, intranet }) => {
    await page.goto(intranet.allowed.url);
    const frame = portalFrame(page);
    await expect(frame.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // Sign-in pages refuse to be framed: the link says it opens a new tab, and does.
    await expect(frame.getByText("Opens your organisation's print server page in a new tab")).toBeVisible();
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      frame.getByRole("link", { name: "Single sign-on" }).click(),
    ]);
    await expect(tab.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await new PrintServerSignInPage(tab).signInWithPin(alice.username, alice.pin);
    // Finished in the tab, in the portal's own full layout.
    await expect(tab.getByRole("heading", { level: 1, name: `Hello, ${alice.fullName}` })).toBeVisible();
    expect(new URL(tab.url()).origin).toBe(new URL(intranet.stack.portalUrl).origin);
    expect(new URL(tab.url()).searchParams.get("embed")).toBeNull();
  });

  test("uploads a file to print on the Files page inside the frame", async ({ page, intranet }) => {
    await page.goto(intranet.allowed.url);
    const frame = portalFrame(page);
    await signInByPin(frame, bob.pin);
    await expect(frame.getByRole("heading", { level: 1, name: `Hello, ${bob.fullName}` })).toBeVisible();
    await frame.getByRole("navigation").getByRole("link", { name: "Files" }).click();
    await expect(frame.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await frame.getByLabel("Choose files").setInputFiles({
      name: "Framed plan.pdf",
      mimeType: "application/pdf",
      buffer: pdfBytes(2),
    });
    const myFiles = frame.getByRole("region", { name: "My files" });
    const entry = myFiles
      .getByRole("listitem")
      .filter({ has: frame.getByRole("heading", { name: "Framed plan.pdf", exact: true }) });
    await expect(entry).toContainText("2 pages");
  });

  test("tells the intranet page its height, which follows the content", async ({ page, intranet }) => {
    await page.goto(intranet.allowed.url);
    const frame = portalFrame(page);
    await expect(frame.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const bodyHeight = () =>
      portalFrameOf(page, intranet.stack.portalUrl).evaluate(() =>
        Math.ceil(document.body.getBoundingClientRect().height),
      );
    const lastHeight = () =>
      page.evaluate(() => (window as unknown as { portalHeights: number[] }).portalHeights.at(-1) ?? 0);

    await expect.poll(lastHeight).toBeGreaterThan(0);
    await expect.poll(lastHeight).toBe(await bodyHeight());
    // The host sizes the frame to the message, so the whole form shows without a scrollbar of its own.
    const frameBox = await page.locator("iframe").boundingBox();
    expect(frameBox?.height).toBe(await lastHeight());

    // A wrong PIN adds a message: the frame is told the new, taller height.
    const before = await lastHeight();
    await signInByPin(frame, "999999");
    await expect(frame.getByRole("main").getByRole("alert")).toBeVisible();
    await expect.poll(lastHeight).toBeGreaterThan(before);
    await expect.poll(lastHeight).toBe(await bodyHeight());
  });

  test("an origin not on the list cannot frame the portal", async ({ page, intranet }) => {
    const refusal = page.waitForEvent("console", (message) => message.text().includes("frame-ancestors"));
    await page.goto(intranet.refused.url);
    await refusal;
    await expect(page.getByRole("heading", { name: "Intranet home" })).toBeVisible();
    await expect(portalFrame(page).getByRole("heading", { name: "Sign in" })).toHaveCount(0);

    const response = await page.request.get(`${intranet.stack.portalUrl}/sign-in`);
    expect(response.headers()["content-security-policy"]).toContain(`frame-ancestors 'self' ${intranet.allowed.url}`);
  });

  test("says so and offers a tab of its own when the browser refuses the frame's cookies", async ({
    playwright,
    launchOptions,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    extraHTTPHeaders,
    intranet,
  }) => {
    // A browser profile whose owner blocks all cookies: even partitioned ones
    // never come back, as in browsers that refuse every cookie in frames.
    const profile = mkdtempSync(join(tmpdir(), "print-portal-no-cookies-"));
    mkdirSync(join(profile, "Default"));
    writeFileSync(
      join(profile, "Default", "Preferences"),
      JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
    );
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      viewport,
      isMobile,
      hasTouch,
      userAgent,
      extraHTTPHeaders,
    });
    try {
      const page = await context.newPage();
      await page.goto(intranet.allowed.url);
      const frame = portalFrame(page);
      const notice = frame.getByRole("alert").filter({ hasText: "Open the portal in a new tab" });
      await expect(notice).toBeVisible();
      await expect(frame.getByRole("button", { name: "Sign in" })).toHaveCount(0);

      const [tab] = await Promise.all([
        context.waitForEvent("page"),
        notice.getByRole("link", { name: "Open in a new tab" }).click(),
      ]);
      await tab.waitForLoadState();
      const opened = new URL(tab.url());
      expect(opened.origin).toBe(intranet.stack.portalUrl);
      expect(opened.searchParams.has("embed")).toBe(false);
      // This browser keeps no cookie at the top either: the tab says so instead of a form that would loop.
      await expect(
        tab.getByRole("main").getByRole("alert").filter({ hasText: "This browser does not keep the portal's cookies" }),
      ).toBeVisible();
      await expect(tab.getByRole("button", { name: "Sign in" })).toHaveCount(0);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  for (const path of ["/post", "/post-sign-in"]) {
    test(`refuses a form that another site posts to the portal (${path})`, async ({ page, context, intranet }) => {
      await page.goto(`${intranet.allowed.url}${path}`);
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.url().startsWith(intranet.stack.portalUrl)),
        page.getByRole("button", { name: "Send" }).click(),
      ]);
      expect(response.status()).toBe(403);
      await expect(page.getByText("This request did not come from the portal.")).toBeVisible();
      expect((await context.cookies()).some((cookie) => cookie.name.includes("session-token"))).toBe(false);
    });
  }
});

// The shared test portal, started without PORTAL_FRAME_ANCESTORS.
base(
  "without PORTAL_FRAME_ANCESTORS only the portal itself may frame it, and cookies stay Lax",
  async ({ page, context, baseURL, signInPage }) => {
    const portalUrl = baseURL ?? "";
    const response = await page.request.get(`${portalUrl}/sign-in`);
    expect(response.headers()["content-security-policy"]).toMatch(/frame-ancestors 'self'(;|$)/);
    await signInPage.goto();
    await signInPage.signInWithPin(alice.pin);
    await expect(page.getByRole("heading", { level: 1, name: `Hello, ${alice.fullName}` })).toBeVisible();
    const session = (await context.cookies(portalUrl)).find((cookie) => cookie.name.endsWith("authjs.session-token"));
    expect(session).toMatchObject({ sameSite: "Lax", httpOnly: true });
    expect(session?.partitionKey).toBeFalsy();
  },
);
