import type { Page } from "@playwright/test";
import cs from "../messages/cs.json";
import de from "../messages/de.json";
import en from "../messages/en.json";
import { hoverOnlyRules, minimumTarget, phoneProblems, tabTo } from "./pages/phone-layout";
import { failingReport, reportsTest } from "./support/reports-test";
import { alice, expect } from "./fixtures";
import { reportReadyTimeout } from "./support/stack-env";
import { signInRoute } from "../lib/browser-safe/form-routes";

// The portal on a phone: every page and state at 360 x 640 without
// sideways scrolling and with 44 px targets, the right keyboards, the whole
// run with the keyboard alone, and by touch. Runs on both projects; the
// mobile one (Pixel 7: touch, bottom navigation) is the one this is for.
//
// A print server of this file's own: "My sessions" (id 2) fails, and reports
// take a moment, so "Running" is really seen.

const catalogues = { en, de, cs };
type Language = keyof typeof catalogues;
const languages = Object.keys(catalogues) as Language[];

const test = reportsTest(1500).extend({ viewport: { width: 360, height: 640 } });

// One private stack per worker: the tests of this file take turns on it.
test.describe.configure({ mode: "default" });

/** Shows the page in a language, as the language switch would have chosen it. */
async function speak(page: Page, baseURL: string | undefined, language: Language): Promise<void> {
  await page.context().addCookies([{ name: "portal-language", value: language, url: baseURL ?? "" }]);
}

async function expectFitsPhone(page: Page, state: string): Promise<void> {
  expect(await phoneProblems(page), state).toEqual([]);
}

function words(language: Language) {
  return catalogues[language];
}

async function signInWithPin(page: Page, language: Language, pin: string): Promise<void> {
  const t = words(language).signIn;
  await page
    .locator("input")
    .and(page.getByLabel(t.pin, { exact: true }))
    .fill(pin);
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === signInRoute,
  );
  await page.getByRole("tabpanel").getByRole("button", { name: t.submit }).click();
  await answered;
}

async function signInAsAlice(page: Page, language: Language, path = "/"): Promise<void> {
  await page.goto(`/sign-in${path === "/" ? "" : `?callbackUrl=${encodeURIComponent(path)}`}`);
  await signInWithPin(page, language, alice.pin);
  await page.waitForURL((url) => url.pathname === path);
}

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await speak(page, baseURL, language);
    });

    test("the sign-in page fits a phone in every state", async ({ page }) => {
      const t = words(language).signIn;
      const main = page.getByRole("main");
      await page.goto("/sign-in");
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      await expectFitsPhone(page, "empty");

      // A field's text may scroll inside it, but a usual PIN should be seen whole.
      const pin = page.locator("input").and(page.getByLabel(t.pin, { exact: true }));
      await pin.fill(alice.pin);
      await page.getByRole("button", { name: t.showPin }).click();
      await expect(pin).toHaveAttribute("type", "text");
      expect(await pin.evaluate((input) => input.scrollWidth - input.clientWidth)).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: t.showPin }).click();

      await signInWithPin(page, language, "999999");
      await expect(main.getByRole("alert")).toBeVisible();
      await expectFitsPhone(page, "wrong PIN");

      await signInWithPin(page, language, "12ab");
      await expect(main.getByText(t.field.pinDigitsOnly)).toBeVisible();
      await expectFitsPhone(page, "PIN field error");

      await page.getByRole("tab", { name: t.passwordTab }).click();
      await expect(page.getByLabel(t.username, { exact: true })).toBeVisible();
      await expectFitsPhone(page, "password tab");

      await page.getByLabel(t.username, { exact: true }).fill("a".repeat(201));
      await page
        .locator("input")
        .and(page.getByLabel(t.password, { exact: true }))
        .fill("x");
      await page.getByRole("tabpanel").getByRole("button", { name: t.submit }).click();
      await expect(main.getByText(t.field.usernameTooLong)).toBeVisible();
      await expectFitsPhone(page, "user name field error");

      await page.goto("/sign-in?signedOut=1");
      await expect(main.getByRole("alert")).toHaveText(t.signedOut);
      await expectFitsPhone(page, "signed out");
    });

    test("home fits a phone with data, with failing panels and with the user menu open", async ({
      page,
      reportsStack,
    }) => {
      const t = words(language);
      const balance = page.getByRole("region", { name: t.account.balance.heading });
      const details = page.getByRole("region", { name: t.account.profile.heading });
      await signInAsAlice(page, language);
      await expect(balance.getByTestId("available-to-print")).toBeVisible();
      await expect(details.getByRole("listitem")).toHaveCount(2);
      await expectFitsPhone(page, "home with data");
      // The product's name on one line, and alice's name whole beside it (not "Alice Lid…").
      const brand = page.getByRole("banner").getByRole("link", { name: t.app.name, exact: true });
      expect((await brand.boundingBox())!.height).toBeLessThanOrEqual(44);
      const name = page.getByRole("button", { name: alice.fullName }).getByText(alice.fullName);
      expect(await name.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      // The figures come with the page; it answers a tap once "Last updated" shows.
      const lastUpdated = t.account.lastUpdated.split("{time}")[0]!;
      await expect(page.getByRole("status").filter({ hasText: lastUpdated })).toBeVisible();

      const unreachable = {
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "unreachable", message: "" }),
      };
      await page.route("**/api/account/money", (route) => route.fulfill(unreachable));
      await page.route("**/api/me", (route) => route.fulfill(unreachable));
      // A refresh that fails keeps the old figures under a longer message.
      await page.getByRole("button", { name: t.account.refresh }).click();
      await expect(balance.getByRole("alert")).toBeVisible();
      await expect(details.getByRole("alert")).toBeVisible();
      await expect(balance.getByTestId("available-to-print")).toBeVisible();
      await expectFitsPhone(page, "home with old figures that could not be updated");

      // A fresh load comes with the figures when the server can read them:
      // with the print server stopped, it has none to show.
      await reportsStack.stopPrintServer();
      try {
        await page.reload();
        await expect(balance.getByRole("alert")).toContainText(t.account.balance.failed);
        await expect(details.getByRole("alert")).toContainText(t.account.profile.failed);
        await expectFitsPhone(page, "home with error panels");
      } finally {
        await reportsStack.startPrintServer();
      }
      await page.unrouteAll();

      await page.getByRole("button", { name: alice.fullName }).click();
      await expect(page.getByRole("button", { name: t.userMenu.signOut })).toBeVisible();
      await expectFitsPhone(page, "home with the user menu open");
    });

    test("reports fit a phone with running, ready and failed reports, and so does the ready notice", async ({
      page,
      reportsPage,
    }) => {
      const t = words(language);
      await signInAsAlice(page, language, "/reports");
      const recent = page.getByRole("list", { name: t.reports.recentHeading });
      const run = async (name: string, format: string) => {
        const row = page.getByRole("group", { name });
        await row.getByLabel(t.reports.formatLabel).selectOption({ label: format });
        const started = page.waitForResponse(
          (r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST",
        );
        await row.getByRole("button", { name: t.reports.run }).click();
        const { executionId } = (await (await started).json()) as { executionId: number };
        return { executionId, entry: recent.locator(`li[data-execution-id="${executionId}"]`) };
      };

      const ready = await run("My monthly summary", "Excel (XLSX)");
      const failed = await run(failingReport, "OpenDocument (ODS)");
      await expect(ready.entry).toContainText(t.reports.state.ready);
      await expect(failed.entry).toContainText(t.reports.state.failed);
      // From here on the print server "keeps working" on any new report, so
      // one stays running beside the finished ones for as long as needed.
      const settled = new Set([ready.executionId, failed.executionId]);
      await page.route("**/api/reports/executions/*/status", async (route) => {
        const id = Number(new URL(route.request().url()).pathname.split("/").at(-2));
        if (settled.has(id)) await route.continue();
        else await route.fulfill({ json: { status: "running" } });
      });
      const running = await run("My daily summary", "XML");
      await expect(running.entry).toContainText(t.reports.state.running);
      await expect(ready.entry.getByRole("link", { name: t.reports.download })).toBeVisible();
      await expect(failed.entry.getByRole("button", { name: t.reports.retry })).toBeVisible();
      await expectFitsPhone(page, "reports: running, ready and failed");

      // Leave before it is ready; the notice then shows on Home.
      await page.getByRole("navigation").getByRole("link", { name: t.nav.home, exact: true }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: t.home.greeting.replace("{name}", alice.fullName) }),
      ).toBeVisible();
      await page.unrouteAll();
      await expect(reportsPage.notice).toBeVisible();
      await expect(reportsPage.notice.getByRole("link", { name: t.reports.download })).toBeVisible();
      await expectFitsPhone(page, "home with the ready notice");
    });

    test("credit fits a phone with its statement, the chart's table and a field error", async ({ page }) => {
      const t = words(language).credit;
      await signInAsAlice(page, language, "/credit");
      const statement = page.getByRole("region", { name: t.statement.heading, exact: true });
      await expect(statement.getByRole("table", { name: t.statement.caption })).toBeVisible();
      await expectFitsPhone(page, "credit with the statement");
      await statement.getByText(t.chart.showTable).click();
      await expect(statement.getByRole("table", { name: t.chart.tableCaption })).toBeVisible();
      await expectFitsPhone(page, "credit with the chart's table");
      const voucher = page.getByRole("region", { name: t.voucher.heading, exact: true });
      await voucher.getByRole("button", { name: t.voucher.submit }).click();
      await expect(voucher.getByText(t.voucher.field.enterCode)).toBeVisible();
      await expectFitsPhone(page, "credit with the voucher field's error");
    });

    test("the profile fits a phone, with a field error", async ({ page }) => {
      const t = words(language).profile;
      await signInAsAlice(page, language, "/profile");
      const password = page.getByRole("region", { name: t.password.heading, exact: true });
      await expect(password.getByRole("button", { name: t.password.submit })).toBeVisible();
      await expect(page.getByRole("region", { name: t.pin.heading, exact: true })).toBeVisible();
      await expectFitsPhone(page, "profile");
      await password.getByRole("button", { name: t.password.submit }).click();
      await expect(password.getByText(t.password.field.enterCurrent)).toBeVisible();
      await expectFitsPhone(page, "profile with the password's field errors");
    });

    test("the not-found page fits a phone", async ({ page }) => {
      const t = words(language).errorPages;
      // Signed out, any portal address leads to sign-in first.
      await signInAsAlice(page, language);
      const answer = await page.goto("/no-such-page");
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.notFoundTitle })).toBeVisible();
      await expectFitsPhone(page, "not found");
    });
  });
}

test("the framed layout fits a phone-wide frame", async ({ page }) => {
  await signInAsAlice(page, "en");
  await page.goto("/?embed=1");
  await expect(page.getByTestId("available-to-print")).toBeVisible();
  await expectFitsPhone(page, "home, framed");
  await page.goto("/reports?embed=1");
  await expect(page.getByRole("group", { name: "My daily summary" })).toBeVisible();
  await expectFitsPhone(page, "reports, framed");
});

test("sign-in fields bring up the right keyboards and password managers", async ({ signInPage }) => {
  await signInPage.goto();
  // The numeric keypad; not a one-time code (phones would offer codes from
  // text messages) nor the account password (managers would fill it in here).
  await expect(signInPage.pin).toHaveAttribute("inputmode", "numeric");
  await expect(signInPage.pin).toHaveAttribute("autocomplete", "off");
  await expect(signInPage.pin).toHaveAttribute("autocorrect", "off");
  await expect(signInPage.pin).toHaveAttribute("spellcheck", "false");

  await signInPage.passwordTab.click();
  await expect(signInPage.username).toHaveAttribute("autocomplete", "username");
  await expect(signInPage.username).toHaveAttribute("autocapitalize", /^(none|off)$/);
  await expect(signInPage.username).toHaveAttribute("autocorrect", "off");
  await expect(signInPage.username).toHaveAttribute("spellcheck", "false");
  await expect(signInPage.password).toHaveAttribute("type", "password");
  await expect(signInPage.password).toHaveAttribute("autocomplete", "current-password");
});

test("with the keyboard alone: sign in, open Reports, run a report and download it", async ({
  page,
  signInPage,
  reportsPage,
  isMobile,
}) => {
  // A phone uses the bottom bar; the desktop project keeps its own window, so
  // the header's links are the way there.
  if (!isMobile) await page.setViewportSize({ width: 1280, height: 720 });
  await signInPage.goto();
  await tabTo(page, signInPage.pin);
  await expect(signInPage.pin).toBeFocused();
  await page.keyboard.type(alice.pin);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${alice.fullName}` })).toBeVisible();

  // Only one of the two navigations is shown at a time: the bottom bar on a
  // phone, the header's links on a desktop.
  const reportsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" });
  await expect(reportsLink).toHaveCount(1);
  await tabTo(page, reportsLink);
  await expect(reportsLink).toBeFocused();
  const linkTop = (await reportsLink.boundingBox())?.y ?? Number.NaN;
  if (isMobile) expect(linkTop).toBeGreaterThan(640 - 100);
  else expect(linkTop).toBeLessThan(100);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  const row = reportsPage.report("My daily summary");
  const format = row.getByLabel("Format");
  await tabTo(page, format);
  await expect(format).toBeFocused();
  // Typing a name's first letters picks it in a closed list, as on any select.
  await page.keyboard.type("CSV");
  await expect(format).toHaveValue("csv");
  const run = row.getByRole("button", { name: "Run" });
  await page.keyboard.press("Tab");
  await expect(run).toBeFocused();
  const started = page.waitForResponse(
    (r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST",
  );
  await page.keyboard.press("Enter");
  const { executionId } = (await (await started).json()) as { executionId: number };

  const entry = reportsPage.entryById(executionId);
  await expect(entry).toContainText("Running");
  await expect(entry).toContainText("Ready", { timeout: reportReadyTimeout });
  const download = entry.getByRole("link", { name: "Download" });
  await tabTo(page, download);
  await expect(download).toBeFocused();
  const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(file.suggestedFilename()).toMatch(/^my-daily-summary-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("the skip link is big enough once it has focus", async ({ page }) => {
  await signInAsAlice(page, "en");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await tabTo(page, skip);
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(minimumTarget);
  expect(box?.height).toBeGreaterThanOrEqual(minimumTarget);
});

test("nothing is shown only on hover", async ({ page, signInPage }) => {
  await signInPage.goto();
  expect(await hoverOnlyRules(page)).toEqual([]);
  await signInAsAlice(page, "en", "/reports");
  await expect(page.getByRole("group", { name: "My daily summary" })).toBeVisible();
  expect(await hoverOnlyRules(page)).toEqual([]);
});

// The desktop project gets a touch screen too, so the taps run on both.
test.describe(() => {
  test.use({ hasTouch: true });

  test("on a touch screen the tabs, the user menu, the format choice and the report buttons work by tap", async ({
    page,
    signInPage,
    reportsPage,
  }) => {
    await signInPage.goto();
    await signInPage.passwordTab.tap();
    await expect(signInPage.passwordTab).toHaveAttribute("aria-selected", "true");
    await signInPage.pinTab.tap();
    await expect(signInPage.pinTab).toHaveAttribute("aria-selected", "true");
    const show = page.getByRole("button", { name: "Show PIN" });
    await show.tap();
    await expect(show).toHaveAttribute("aria-pressed", "true");
    await expect(signInPage.pin).toHaveAttribute("type", "text");
    await signInPage.pin.tap();
    await page.keyboard.type(alice.pin);
    await page.getByRole("tabpanel").getByRole("button", { name: "Sign in" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: `Hello, ${alice.fullName}` })).toBeVisible();

    await page.getByRole("button", { name: alice.fullName }).tap();
    const english = page.getByRole("button", { name: "English" });
    await expect(english).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await english.tap();
    await expect(english).toHaveCount(0);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    const row = reportsPage.report("My monthly summary");
    const format = row.getByLabel("Format");
    await format.tap();
    await expect(format).toBeFocused();
    // The phone's own picker takes over from here; choosing in it sets the value.
    await format.selectOption({ label: "CSV" });
    const started = page.waitForResponse(
      (r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST",
    );
    await row.getByRole("button", { name: "Run" }).tap();
    const { executionId } = (await (await started).json()) as { executionId: number };
    const entry = reportsPage.entryById(executionId);
    await expect(entry).toContainText("Ready", { timeout: reportReadyTimeout });
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      entry.getByRole("link", { name: "Download" }).tap(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);

    await entry.getByRole("button", { name: "Remove" }).tap();
    await expect(entry).toHaveCount(0);
  });
});
