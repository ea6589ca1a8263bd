import type { Page } from "@playwright/test";
import { alice, expect, test } from "./fixtures";
import { PrintServerSignInPage } from "./pages/print-server-sign-in-page";
import { axeViolations } from "./support/axe";
import { stack } from "./support/stack-env";

// "Single sign-on": the portal sends the browser to the print server's own
// sign-in page and back (authorization code grant). The test print server
// serves that page over loopback HTTP (PRINT_SERVER_SIGN_IN_PAGE_PORT), as the
// demo does, because the browser does not trust its CA; the code is
// exchanged by the portal over HTTPS with the CA. Runs on desktop and phone.

const callbackPath = "/api/auth/callback/print-server";

/**
 * Changes one parameter of the print server's redirect back to the portal, as
 * an attacker or a slow hand would. Playwright does not route redirect hops,
 * so the sign-in page's POST is answered here with its own redirect, altered.
 */
async function tamperWithCallback(page: Page, name: "state" | "code", value: string): Promise<void> {
  await page.route(
    (url) => url.origin === stack.signInPageUrl() && url.pathname.endsWith("/auth"),
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const answer = await route.fetch({ maxRedirects: 0 });
      const location = new URL(answer.headers().location ?? "");
      expect(location.pathname).toBe(callbackPath);
      location.searchParams.set(name, value);
      await route.fulfill({ status: 302, headers: { location: location.toString() } });
    },
  );
}

async function startSignOnFrom(page: Page, deepLink: string): Promise<PrintServerSignInPage> {
  await page.goto(deepLink);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole("link", { name: "Single sign-on" }).click();
  const printServerPage = new PrintServerSignInPage(page);
  await printServerPage.expectShown(stack.signInPageUrl());
  return printServerPage;
}

test.describe("single sign-on", () => {
  test("alice signs in on the print server's page and lands on the page she first asked for", async ({
    page,
    context,
    browser,
  }) => {
    const printServerPage = await startSignOnFrom(page, "/reports");
    const callback = page.waitForRequest((request) => new URL(request.url()).pathname === callbackPath);
    await printServerPage.signInWithPin(alice.username, alice.pin);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/reports");
    // The sign-on cookie is used up.
    expect((await context.cookies()).find((cookie) => cookie.name === "portal-sign-on")).toBeUndefined();

    // The same answer visited again in another browser (a copied link) signs nobody in.
    // (A fresh context, not cleared cookies: answers still in flight on this
    // page would set the session cookie again after a clear.)
    const other = await browser.newContext({ baseURL: stack.portalUrl() });
    const otherPage = await other.newPage();
    await otherPage.goto((await callback).url());
    // Where it landed first: if this ever fails, the URL says why.
    await expect(otherPage).toHaveURL(/\/sign-in\?.*signOnError=state/);
    await expect(otherPage.getByRole("main").getByRole("alert")).toHaveText(
      "This single sign-on did not start in this browser, or started too long ago. Please start again with “Single sign-on”.",
    );
    await otherPage.goto("/reports");
    await expect(otherPage).toHaveURL(/\/sign-in/);
    await other.close();
  });

  test("a tampered state is refused, in plain words, keeping the page asked for", async ({ page }) => {
    const printServerPage = await startSignOnFrom(page, "/reports");
    await tamperWithCallback(page, "state", "forged-state-value-forged-state-value");
    await printServerPage.signInWithPin(alice.username, alice.pin);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "This single sign-on did not start in this browser, or started too long ago. Please start again with “Single sign-on”.",
    );
    const url = new URL(page.url());
    expect(url.pathname).toBe("/sign-in");
    expect(url.searchParams.get("callbackUrl")).toBe("/reports");
    // Not signed in.
    await page.goto("/reports");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("an expired or used code is explained, and trying again works", async ({ page }) => {
    const printServerPage = await startSignOnFrom(page, "/reports");
    await tamperWithCallback(page, "code", "a-code-that-expired-long-ago");
    await printServerPage.signInWithPassword(alice.username, alice.password);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Single sign-on took too long, or its answer was already used. Please try again.",
    );
    await page.unrouteAll();
    await page.getByRole("link", { name: "Single sign-on" }).click();
    await new PrintServerSignInPage(page).signInWithPin(alice.username, alice.pin);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  });

  test("the print server's sign-in page passes the accessibility checks", async ({ page }) => {
    await startSignOnFrom(page, "/");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("cancelling on the print server's page says so on the portal's sign-in page", async ({ page }) => {
    const printServerPage = await startSignOnFrom(page, "/");
    await printServerPage.cancel();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Single sign-on was cancelled or refused. Try again, or sign in with your PIN or password.",
    );
    expect(new URL(page.url()).pathname).toBe("/sign-in");
  });
});

test.describe("single sign-on in German", () => {
  test.use({ locale: "de-DE" });

  test("the print server's page follows the portal's language", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Single Sign-on" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/de/auth");
  });
});
