import { alice, expect, test } from "./fixtures";

// The portal's own links (next/link) change the page through the App Router:
// a plain click must not load the document again, and a click the browser
// should handle (a new tab) must stay the browser's.

test("a section link changes the page without loading it again; Ctrl+click opens a tab", async ({
  page,
  context,
  homePage,
}) => {
  await homePage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
  const nav = page.getByRole("navigation", { name: "Main" });
  // Gone if the document is loaded again.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await nav.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

  const opened = context.waitForEvent("page");
  await nav.getByRole("link", { name: "Jobs" }).click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/jobs$/);
  await expect(page).toHaveURL(/\/reports$/);
  await tab.close();

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await homePage.expectGreeting(alice.fullName);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});
