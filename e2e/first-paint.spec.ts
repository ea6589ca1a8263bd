import type { Page } from "@playwright/test";
import { alice, expect, test } from "./fixtures";
import { layoutShifts } from "./pages/phone-layout";
import { consoleErrors } from "./support/console-errors";

// A page's HTML may reach the browser in pieces (a slow network, a proxy that
// passes it on as it comes), and the browser shows what it has as soon as
// the styles are there. The header's user menu, kept to the right, would
// stand narrow with only its icon and jump left when its name came. The page
// asks the browser to show nothing until it has read the page's frame to its
// end (components/layout/whole-first-paint.tsx). Here the parser is stopped at
// the worst place by a script that takes its time, as a network pause would.

const holdUrl = "/__hold-the-parser.js";

/**
 * Answers the document requests for `path` with the portal's own page,
 * a script that holds the parser for `ms` put just before `marker`. The
 * script removes itself, so React hydrates the page as it was sent.
 */
async function pauseHtmlBefore(page: Page, path: string, marker: string, ms: number): Promise<() => boolean> {
  let held = false;
  await page.route(holdUrl, async (route) => {
    held = true;
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fulfill({ contentType: "text/javascript", body: "document.currentScript.remove();" });
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = await response.text();
      const at = html.indexOf(marker);
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
      // The body is sent again as text: its old encoding and length no longer hold.
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length"].includes(name)),
      );
      await route.fulfill({
        status: response.status(),
        headers,
        // Without the marker the page goes as it came: nothing is held, and held() says so.
        body:
          at < 0 ? html : `${html.slice(0, at)}<script nonce="${nonce}" src="${holdUrl}"></script>${html.slice(at)}`,
      });
    },
  );
  return () => held;
}

test.describe("a page whose HTML stops halfway", () => {
  test("shows the header whole: the user menu does not grow and jump when its name comes", async ({
    page,
    homePage,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await homePage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);
    const errors = consoleErrors(page);
    const held = await pauseHtmlBefore(page, "/", `<span class="truncate">${alice.fullName}</span>`, 600);
    await page.reload();
    await homePage.expectGreeting(alice.fullName);
    await expect(homePage.lastUpdated).toBeVisible();
    expect(held(), "the parser was held before the user menu's name").toBe(true);
    expect(await layoutShifts(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("shows the sign-in card whole: it does not move down as its form comes", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = consoleErrors(page);
    const held = await pauseHtmlBefore(page, "/sign-in", "<form", 600);
    await page.goto("/sign-in");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    expect(held(), "the parser was held before the sign-in form").toBe(true);
    expect(await layoutShifts(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
