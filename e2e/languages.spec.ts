import { alice, expect, test } from "./fixtures";
import { ReportsPage } from "./pages/reports-page";

// The portal in German and Czech: the language comes from the browser's
// Accept-Language (alice's profile language is the server's default, so it
// does not outrank the browser), and money follows the language.

// Intl writes a no-break space between amount and currency sign.
const euros = /^25,50\s€$/;

const languages = [
  {
    locale: "de-DE",
    balance: "Ihr Guthaben",
    details: "Ihre Angaben",
    quota: /Noch \d+ von 500 Seiten in diesem Monat/,
    refresh: "Aktualisieren",
    reports: "Berichte",
    yourReports: "Ihre Berichte",
    format: "Format",
    run: "Starten",
    recent: "Letzte Berichte",
    ready: "Fertig",
    download: "Herunterladen",
    readyNotice: "ist fertig",
  },
  {
    locale: "cs-CZ",
    balance: "Váš zůstatek",
    details: "Vaše údaje",
    quota: /Zbýv(á|ají) \d+ (strana|strany|stran) z 500 na tento měsíc/,
    refresh: "Obnovit",
    reports: "Sestavy",
    yourReports: "Vaše sestavy",
    format: "Formát",
    run: "Spustit",
    recent: "Nedávné sestavy",
    ready: "Hotovo",
    download: "Stáhnout",
    readyNotice: "je hotová",
  },
] as const;

for (const words of languages) {
  test.describe(`a browser in ${words.locale}`, () => {
    test.use({ locale: words.locale });

    test("shows the home page and reports in its language, with money as it writes it", async ({ page, signInPage }) => {
      await signInPage.goto();
      await signInPage.signInWithPin(alice.pin);

      const balance = page.getByRole("region", { name: words.balance });
      await expect(balance.getByTestId("available-to-print")).toHaveText(euros);
      await expect(balance.getByRole("listitem").filter({ hasText: "Personal credit" })).toContainText(/25,50\s€/);
      await expect(balance).toContainText(words.quota);
      await expect(page.getByRole("region", { name: words.details })).toBeVisible();
      await expect(page.getByRole("button", { name: words.refresh })).toBeVisible();

      const reportsPage = new ReportsPage(page);
      await page.goto("/reports");
      await expect(page.getByRole("heading", { level: 1, name: words.reports })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${words.reports}`));
      await expect(page.getByRole("heading", { level: 2, name: words.yourReports })).toBeVisible();

      const row = reportsPage.report("My daily summary");
      await row.getByLabel(words.format).selectOption({ label: "PDF" });
      const started = page.waitForResponse((r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST");
      await row.getByRole("button", { name: words.run }).click();
      const { executionId } = (await (await started).json()) as { executionId: number };
      const entry = page.getByRole("list", { name: words.recent }).locator(`li[data-execution-id="${executionId}"]`);
      await expect(entry).toContainText(words.ready);
      await expect(entry.getByRole("link", { name: words.download })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: words.readyNotice })).toHaveCount(1);
    });
  });
}
