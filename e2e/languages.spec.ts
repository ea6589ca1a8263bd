import type { Page } from "@playwright/test";
import { alice, carol, expect, test } from "./fixtures";
import { expectVoucherPlaceholderAsTallAsForm } from "./pages/credit-page";
import { HomePage } from "./pages/home-page";
import { layoutShifts, navigationProblems } from "./pages/phone-layout";
import { axeViolations } from "./support/axe";
import { consoleErrors } from "./support/console-errors";

// The portal in German and Czech. The language comes from the browser's
// Accept-Language (alice's profile language is only the server's default, so
// it does not outrank the browser) or from the language switch; money follows
// the language.

// Intl writes a no-break space between amount and currency sign.
const euros = /^25,50\s€$/;

const languages = [
  {
    locale: "de-DE",
    lang: "de",
    signIn: "Anmelden",
    submit: "Anmelden",
    wrongPin: "PIN oder Passwort nicht erkannt. Prüfen Sie Ihre Eingabe und versuchen Sie es erneut.",
    greeting: `Hallo, ${alice.fullName}`,
    product: "Druckportal",
    navigation: "Hauptnavigation",
    balance: "Ihr Guthaben",
    details: "Ihre Angaben",
    quota: /Noch \d+ von 500 Seiten in diesem Monat/,
    refresh: "Aktualisieren",
    lastUpdated: "Zuletzt aktualisiert:",
    reports: "Berichte",
    yourReports: "Ihre Berichte",
    format: "Format",
    run: "Starten",
    recent: "Letzte Berichte",
    ready: "Fertig",
    download: "Herunterladen",
    readyNotice: "ist fertig",
    release: "Freigeben",
    addCredit: "Guthaben aufladen",
    deleteSelected: "Auswahl löschen",
  },
  {
    locale: "cs-CZ",
    lang: "cs",
    signIn: "Přihlášení",
    submit: "Přihlásit se",
    wrongPin: "PIN nebo heslo nebylo rozpoznáno. Zkontrolujte zadání a zkuste to znovu.",
    greeting: `Dobrý den, ${alice.fullName}`,
    product: "Tiskový portál",
    navigation: "Hlavní navigace",
    balance: "Váš zůstatek",
    details: "Vaše údaje",
    quota: /Zbýv(á|ají) \d+ (strana|strany|stran) z 500 na tento měsíc/,
    refresh: "Obnovit",
    lastUpdated: "Naposledy aktualizováno:",
    reports: "Sestavy",
    yourReports: "Vaše sestavy",
    format: "Formát",
    run: "Spustit",
    recent: "Nedávné sestavy",
    ready: "Hotovo",
    download: "Stáhnout",
    readyNotice: "je hotová",
    release: "Uvolnit",
    addCredit: "Dobít kredit",
    deleteSelected: "Smazat vybrané",
  },
] as const;

/** How far the page is wider than the screen (0 when nothing scrolls sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function signInWithPin(page: Page, pin: string, submit: string): Promise<void> {
  await page
    .locator("input")
    .and(page.getByLabel("PIN", { exact: true }))
    .fill(pin);
  await page.getByRole("tabpanel").getByRole("button", { name: submit }).click();
}

for (const words of languages) {
  test.describe(`a browser in ${words.locale}`, () => {
    test.use({ locale: words.locale });

    test("signs in, shows home and reports in its language, with money as it writes it", async ({ page }) => {
      await page.goto("/sign-in");
      await expect(page.locator("html")).toHaveAttribute("lang", words.lang);
      await expect(page.getByRole("heading", { level: 1, name: words.signIn })).toBeVisible();
      await signInWithPin(page, "999999", words.submit);
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(words.wrongPin);
      // (The refused PIN's 401 is in the console; what follows must log nothing.)
      const errors = consoleErrors(page);
      await signInWithPin(page, alice.pin, words.submit);

      await expect(page.getByRole("heading", { level: 1, name: words.greeting })).toBeVisible();
      const balance = page.getByRole("region", { name: words.balance });
      await expect(balance.getByTestId("available-to-print")).toHaveText(euros);
      await expect(balance.getByRole("listitem").filter({ hasText: "Personal credit" })).toContainText(/25,50\s€/);
      await expect(balance).toContainText(words.quota);
      await expect(page.getByRole("region", { name: words.details })).toBeVisible();
      await expect(page.getByRole("button", { name: words.refresh })).toBeVisible();
      // Money the server wrote in the page is kept by hydration and written
      // again by the browser in its own locale after it (money-format.ts):
      // the browser's text is the one above, and nothing is logged.
      await expect(page.getByRole("status").filter({ hasText: words.lastUpdated })).toBeVisible();
      expect(errors).toEqual([]);

      await page.getByRole("navigation").getByRole("link", { name: words.reports }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: words.reports })).toBeVisible();
      await expect(page).toHaveTitle(`${words.reports} · ${words.product}`);
      await expect(page.getByRole("heading", { level: 2, name: words.yourReports })).toBeVisible();

      const row = page.getByRole("group", { name: "My daily summary" });
      await row.getByLabel(words.format).selectOption({ label: "PDF" });
      const started = page.waitForResponse(
        (r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST",
      );
      await row.getByRole("button", { name: words.run }).click();
      const { executionId } = (await (await started).json()) as { executionId: number };
      const entry = page.getByRole("list", { name: words.recent }).locator(`li[data-execution-id="${executionId}"]`);
      await expect(entry).toContainText(words.ready);
      await expect(entry.getByRole("link", { name: words.download })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: words.readyNotice })).toHaveCount(1);
    });

    test("fits a 360 px wide screen with its longer words, without accessibility violations", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto("/sign-in");
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      await signInWithPin(page, alice.pin, words.submit);
      await expect(page.getByRole("region", { name: words.balance }).getByTestId("available-to-print")).toHaveText(
        euros,
      );
      // Its longer words may wrap, but not once the page has shown: the time
      // added at hydration must not push Refresh onto a row of its own and
      // every panel below it down.
      await expect(page.getByRole("status").filter({ hasText: words.lastUpdated })).toBeVisible();
      expect(await layoutShifts(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.goto("/reports");
      await expect(page.getByRole("heading", { level: 2, name: words.yourReports })).toBeVisible();
      await expect(page.getByRole("group", { name: "My daily summary" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
      // The other pages, each once all it reads has come: nothing wider than
      // the screen, and nothing moved as it came (say, a hint of three lines in
      // German where its place kept one, or a job's cost that wraps its facts).
      for (const path of ["/jobs", "/credit", "/profile"]) {
        await page.goto(path);
        await expect(page.getByRole("main").locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await layoutShifts(page), path).toEqual([]);
        expect(await sidewaysOverflow(page), path).toBe(0);
      }
      // The selection's bar, which stays over the list: its two buttons share one row (their icons
      // stay off on a phone); two rows in German would take a third of the screen.
      await page.goto("/jobs");
      await page.getByRole("main").locator("ul input[type=checkbox]").first().check();
      const release = await page.getByRole("button", { name: words.release, exact: true }).boundingBox();
      const remove = await page.getByRole("button", { name: words.deleteSelected, exact: true }).boundingBox();
      expect(remove!.y).toBe(release!.y);
      expect(await sidewaysOverflow(page)).toBe(0);
    });

    test("shows the navigation in one row, each label apart, from a phone to a laptop", async ({ page }) => {
      await page.goto("/sign-in");
      await signInWithPin(page, alice.pin, words.submit);
      await expect(page.getByRole("heading", { level: 1, name: words.greeting })).toBeVisible();
      // The bottom bar up to a tablet's width, the header's links from a laptop's.
      for (const width of [360, 800, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await navigationProblems(page, words.navigation), `${width} px`).toEqual([]);
      }
    });

    test("keeps Add credit's place while it checks for vouchers, its longer words too", async ({ page }) => {
      await page.goto("/sign-in");
      await signInWithPin(page, alice.pin, words.submit);
      await expect(page.getByRole("heading", { level: 1, name: words.greeting })).toBeVisible();
      for (const width of page.viewportSize()!.width < 640 ? [360] : [360, 1280])
        await expectVoucherPlaceholderAsTallAsForm(page, words.addCredit, width);
    });
  });
}

test.describe("the language switch", () => {
  test.use({ locale: "en-US" });

  test("in the user menu changes the page and is remembered", async ({ page, signInPage }) => {
    const home = new HomePage(page);
    await signInPage.goto();
    await signInPage.signInWithPin(alice.pin);
    await expect(home.availableToPrint).toHaveText("€25.50");

    await page.getByRole("button", { name: alice.fullName }).click();
    const languages = page.getByRole("group", { name: "Language" });
    await expect(languages.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    expect(await axeViolations(page)).toEqual([]);
    await languages.getByRole("button", { name: "Deutsch" }).click();

    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: `Hallo, ${alice.fullName}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Ihr Guthaben" }).getByTestId("available-to-print")).toHaveText(
      euros,
    );

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: `Hallo, ${alice.fullName}` })).toBeVisible();
    await page.getByRole("button", { name: alice.fullName }).click();
    await page.getByRole("group", { name: "Sprache" }).getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await home.expectGreeting(alice.fullName);
    await expect(home.availableToPrint).toHaveText("€25.50");
  });

  test("leaves a name that does not fit shortened in the header, on a 360 px phone in German", async ({
    page,
    signInPage,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await signInPage.goto();
    await signInPage.signInWithPassword(carol.username, carol.password);
    await new HomePage(page).expectGreeting(carol.fullName);
    const menu = page.getByRole("button", { name: carol.fullName });
    await menu.click();
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Hallo, ${carol.fullName}` })).toBeVisible();
    // "Druckportal" takes more room than "Print Portal": the name gives way
    // rather than widen the page (the menu's arrow cut off, the page
    // scrolling sideways).
    expect(await sidewaysOverflow(page)).toBe(0);
    const box = await menu.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });

  test("on the sign-in page changes the page before signing in", async ({ page }) => {
    await page.goto("/sign-in");
    const languages = page.getByRole("group", { name: "Language" });
    await expect(languages.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    await languages.getByRole("button", { name: "Čeština" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Přihlášení" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Jazyk" }).getByRole("button", { name: "Čeština" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(await axeViolations(page)).toEqual([]);
    await signInWithPin(page, alice.pin, "Přihlásit se");
    await expect(page.getByRole("heading", { level: 1, name: `Dobrý den, ${alice.fullName}` })).toBeVisible();
  });
});
