import AxeBuilder from "@axe-core/playwright";
import { alice, expect, test } from "./fixtures";

// Automated WCAG checks catch only part of the problems, but they keep the
// basics (names, contrast, landmarks) from slipping.
async function violations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("the sign-in page has no detectable accessibility violations, with an error shown", async ({ page, signInPage }) => {
  await signInPage.goto();
  expect(await violations(page)).toEqual([]);
  await signInPage.signInWithPin("999999");
  await expect(signInPage.alert).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await signInPage.passwordTab.click();
  expect(await violations(page)).toEqual([]);
});

test("the home page has no detectable accessibility violations", async ({ page, signInPage, homePage }) => {
  await signInPage.goto();
  await signInPage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
  expect(await violations(page)).toEqual([]);
});

test("the sign-in form works with the keyboard alone", async ({ page, signInPage, homePage }) => {
  await signInPage.goto();
  await signInPage.pin.focus();
  await page.keyboard.type(alice.pin);
  await page.keyboard.press("Enter");
  await homePage.expectGreeting(alice.fullName);
});
