import type { Page } from "@playwright/test";
import { alice, expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { holdRequests } from "./support/hold-requests";
import { privateStackTest } from "./support/own-stack-test";
import { failingReport, reportsTest as reportsTestWithDelay } from "./support/reports-test";
import { reportReadyTimeout } from "./support/stack-env";
import { signInRoute } from "../lib/browser-safe/form-routes";

// The axe matrix: every page and state, in the light and the dark
// theme (as the system asks for them), on both Playwright projects (desktop
// and mobile). Then the theme switch itself, and keyboard-only sign-in.

const themes = ["light", "dark"] as const;
type Theme = (typeof themes)[number];

// --bg of each theme in app/globals.css, as getComputedStyle writes it: proof
// that a test really looked at the theme it names.
const pageBackground: Record<Theme, string> = { light: "rgb(246, 247, 249)", dark: "rgb(15, 18, 22)" };

async function expectTheme(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator("body")).toHaveCSS("background-color", pageBackground[theme]);
}

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Submits the visible sign-in form as a browser without form validation would, so the server's field errors show. */
async function submitEmpty(page: Page): Promise<void> {
  await page
    .locator("form")
    .evaluateAll((forms) => forms.forEach((form) => ((form as HTMLFormElement).noValidate = true)));
  const answered = page.waitForResponse(
    (answer) => answer.request().method() === "POST" && new URL(answer.url()).pathname === signInRoute,
  );
  await page.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).click();
  await answered;
}

for (const theme of themes) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("the sign-in page: empty, a wrong PIN, the password tab, field errors", async ({ page, signInPage }) => {
      await signInPage.goto();
      await expectTheme(page, theme);
      await expectNoViolations(page);

      await signInPage.signInWithPin("999999");
      await expect(signInPage.alert).toHaveText(/not recognised/);
      await expectNoViolations(page);

      await submitEmpty(page);
      await expect(signInPage.alert).toHaveText("Please check the highlighted field.");
      await expect(page.getByText("Enter your PIN.")).toBeVisible();
      await expect(signInPage.pin).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page);

      await signInPage.passwordTab.click();
      await expect(signInPage.username).toBeVisible();
      await expectNoViolations(page);

      await submitEmpty(page);
      await expect(page.getByText("Enter your user name.")).toBeVisible();
      await expect(page.getByText("Enter your password.")).toBeVisible();
      await expectNoViolations(page);
    });

    test("the sign-in page after signing out", async ({ page, signInPage }) => {
      await signInPage.goto("?signedOut=1");
      await expect(signInPage.alert).toHaveText("You have signed out.");
      await expectTheme(page, theme);
      await expectNoViolations(page);
    });

    test("home with its data, and the user menu open", async ({ page, homePage }) => {
      await homePage.signInWithPin(alice.pin);
      await expect(homePage.availableToPrint).toHaveText("€25.50");
      await expect(homePage.profileValue("Name")).toHaveText(alice.fullName);
      await expectTheme(page, theme);
      await expectNoViolations(page);

      await page.getByRole("button", { name: alice.fullName }).click();
      await expect(page.getByRole("button", { name: "System" })).toBeVisible();
      await expectNoViolations(page);
    });

    test("the not-found page", async ({ page, homePage }) => {
      await homePage.signInWithPin(alice.pin);
      await homePage.expectGreeting(alice.fullName);
      const answer = await page.goto("/no-such-page");
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expectTheme(page, theme);
      await expectNoViolations(page);
    });
  });
}

// The panels' loading and error states. The page reads the figures while it
// is rendered, so it comes with skeletons and then errors only when it could
// not: with the print server down, which takes a print server of the test's
// own (the shared one stays up for the tests beside it).
const outageTest = privateStackTest();

for (const theme of themes) {
  outageTest.describe(`in the ${theme} theme, with the print server down`, () => {
    outageTest.use({ colorScheme: theme });

    outageTest("home while its panels load, then with its error panels", async ({ page, homePage, stack }) => {
      await homePage.signInWithPin(alice.pin);
      await expect(homePage.availableToPrint).toHaveText("€25.50");
      await stack.killPrintServer();

      const release = await holdRequests(page, "**/api/me", "**/api/account/money");
      try {
        await page.reload();
        await homePage.expectGreeting(alice.fullName);
        await expect(homePage.balance).toHaveAttribute("aria-busy", "true");
        await expect(homePage.profile).toHaveAttribute("aria-busy", "true");
        await expectTheme(page, theme);
        await expectNoViolations(page);
      } finally {
        release();
      }

      await expect(homePage.balance.getByRole("alert")).toContainText("Your balance could not be loaded");
      await expect(homePage.profile.getByRole("alert")).toContainText("Your details could not be loaded");
      await expect(homePage.balance.getByRole("button", { name: "Retry" })).toBeVisible();
      await expectTheme(page, theme);
      await expectNoViolations(page);
    });
  });
}

// Every report takes 5 s, so "running" holds while axe looks at it.
const reportsTest = reportsTestWithDelay(5000);

reportsTest.describe("reports", () => {
  // One worker, so both themes share one private stack.
  reportsTest.describe.configure({ mode: "default" });

  for (const theme of themes) {
    reportsTest.describe(`in the ${theme} theme`, () => {
      reportsTest.use({ colorScheme: theme });

      reportsTest("the list, and running, ready and failed reports", async ({ page, signInPage, reportsPage }) => {
        await signInPage.goto("?callbackUrl=%2Freports");
        await signInPage.signInWithPin(alice.pin);
        await page.waitForURL((url) => url.pathname === "/reports");
        await expect(page.getByText("Reports you run appear here.")).toBeVisible();
        await expectTheme(page, theme);
        await expectNoViolations(page);

        const ready = await reportsPage.run("My monthly summary", "Excel (XLSX)");
        const failed = await reportsPage.run(failingReport, "CSV");
        await expect(ready).toContainText("Running");
        await expect(failed).toContainText("Running");
        await expectNoViolations(page);

        await expect(ready).toContainText("Ready", { timeout: reportReadyTimeout });
        await expect(failed).toContainText("Failed");
        await expect(failed.getByRole("button", { name: "Retry" })).toBeVisible();
        await expectNoViolations(page);
      });
    });
  }
});

test.describe("the theme switch", () => {
  test.use({ colorScheme: "light" });

  test("on the sign-in page: Dark on a light system stays after a reload, Light wins over a dark system, System follows it again", async ({
    page,
    signInPage,
  }) => {
    const html = page.locator("html");
    const theme = page.getByRole("group", { name: "Theme" });
    await signInPage.goto();
    await expect(html).not.toHaveAttribute("data-theme");
    await expectTheme(page, "light");
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    await expect(theme.getByRole("button", { name: "System", exact: true })).toHaveAttribute("aria-pressed", "true");

    await theme.getByRole("button", { name: "Dark", exact: true }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expectTheme(page, "dark");
    await expect(theme.getByRole("button", { name: "Dark", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expectTheme(page, "dark");
    // The browser's bar follows the chosen theme, not the system's.
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f1216");
    await expectNoViolations(page);

    await page.emulateMedia({ colorScheme: "dark" });
    await theme.getByRole("button", { name: "Light", exact: true }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expectTheme(page, "light");
    await expectNoViolations(page);

    await theme.getByRole("button", { name: "System", exact: true }).click();
    await expect(html).not.toHaveAttribute("data-theme");
    await expectTheme(page, "dark");
  });

  test("in the user menu: Dark on a light system stays after a reload, and System follows the system again", async ({
    page,
    homePage,
  }) => {
    const html = page.locator("html");
    const menuButton = page.getByRole("button", { name: alice.fullName });
    await homePage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);
    await expectTheme(page, "light");

    await menuButton.click();
    await expect(page.getByRole("group", { name: "Theme" }).getByRole("button")).toHaveText([
      "System",
      "Light",
      "Dark",
    ]);
    await expect(page.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Dark" }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expectTheme(page, "dark");

    await page.reload();
    await homePage.expectGreeting(alice.fullName);
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expectTheme(page, "dark");
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await expectNoViolations(page);
    await menuButton.click();
    await expect(page.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    await expectNoViolations(page);

    await page.getByRole("button", { name: "System" }).click();
    await expect(html).not.toHaveAttribute("data-theme");
    await expectTheme(page, "light");
  });
});

test("the sign-in form works with the keyboard alone", async ({ page, signInPage, homePage }) => {
  await signInPage.goto();
  await signInPage.pin.focus();
  await page.keyboard.type(alice.pin);
  await page.keyboard.press("Enter");
  await homePage.expectGreeting(alice.fullName);
});

test("the sign-in tabs follow the arrow keys", async ({ page, signInPage }) => {
  await signInPage.goto();
  await signInPage.pinTab.focus();
  await page.keyboard.press("ArrowRight");
  await expect(signInPage.passwordTab).toBeFocused();
  await expect(signInPage.passwordTab).toHaveAttribute("aria-selected", "true");
  await expect(signInPage.username).toBeVisible();
  await page.keyboard.press("Home");
  await expect(signInPage.pinTab).toBeFocused();
  await expect(signInPage.pinTab).toHaveAttribute("aria-selected", "true");
  // One stop in the Tab order: Tab leaves the tabs for the panel.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "PIN" })).toBeFocused();
});

test("the user menu works with the keyboard alone", async ({ page, homePage }) => {
  await homePage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
  const button = page.getByRole("button", { name: alice.fullName });
  // A disclosure on the browser's popover: its items follow the button in the Tab order.
  const menu = page.locator("#user-menu");
  await expect(menu).toBeHidden();

  await button.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await expect(button).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "English" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Deutsch" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "English" })).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // Enter on a theme chooses it and closes the menu; the focus goes back to its button.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  for (const item of ["English", "Deutsch", "Čeština", "System", "Light", "Dark"]) {
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: item })).toBeFocused();
  }
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Dark" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(button).toBeFocused();
  await button.click();
  await page.getByRole("button", { name: "System" }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme");
});
