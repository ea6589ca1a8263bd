import { ReportsPage } from "./pages/reports-page";
import { startPrivateStack, type PrivateStack } from "./support/private-stack";
import { alice, bob, expect, test as base } from "./fixtures";

// Reports against a print server of this file's own: "My sessions" (id 2) is
// made to fail, and every report takes 1.5 s, so "running" can be seen.
const failingReport = "My sessions";

const test = base.extend<{ reportsPage: ReportsPage }, { reportsStack: PrivateStack }>({
  reportsStack: [
    async ({}, use) => {
      const stack = await startPrivateStack({ printServerEnv: { PRINT_SERVER_FAIL_REPORTS: "2", PRINT_SERVER_REPORT_DELAY: "1500" } });
      await use(stack);
      await stack.close();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ reportsStack }, use) => {
    await use(reportsStack.portalUrl);
  },
  reportsPage: async ({ page }, use) => {
    await use(new ReportsPage(page));
  },
});

// One private stack per worker is plenty: the tests of this file take turns.
test.describe.configure({ mode: "default" });

test.describe("reports", () => {
  test("alice runs her monthly summary as CSV and PDF and downloads both", async ({ page, signInPage, reportsPage }) => {
    await signInPage.goto("?callbackUrl=%2Freports");
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/reports");

    const csv = await reportsPage.run("My monthly summary", "CSV");
    await expect(csv).toContainText("Running");
    await expect(csv).toContainText(/Running for \d+:\d\d/);
    const pdf = await reportsPage.run("My monthly summary", "PDF");
    await expect(pdf).toContainText("Running");

    await expect(csv).toContainText("Ready");
    await expect(pdf).toContainText("Ready");
    // Announced to screen readers; the list itself shows it, so no card here.
    await expect(page.getByRole("status").filter({ hasText: "is ready" })).toHaveCount(1);
    await expect(reportsPage.notice).toHaveCount(0);

    const csvFile = await reportsPage.download(csv);
    expect(csvFile.name).toMatch(/^my-monthly-summary-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvFile.bytes.toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Month,Jobs,Pages,Colour pages,Mono pages,Cost,Duplex pages");
    expect(lines.length).toBeGreaterThan(1);
    for (const row of lines.slice(1)) expect(row).toMatch(/^\d{4}-\d{2},\d+,\d+,\d+,\d+,\d+\.\d{2},\d+$/);

    const pdfFile = await reportsPage.download(pdf);
    expect(pdfFile.name).toMatch(/\.pdf$/);
    expect(pdfFile.bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  });

  test("a report that fails says so and offers Retry", async ({ page, signInPage, reportsPage }) => {
    await signInPage.goto("?callbackUrl=%2Freports");
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/reports");

    const entry = await reportsPage.run(failingReport, "Excel (XLSX)");
    await expect(entry).toContainText("Failed");
    await expect(entry).toContainText("This report could not be made.");
    await expect(entry.getByRole("link", { name: "Download" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "could not be made" })).toHaveCount(1);

    const retried = page.waitForResponse((r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST");
    await entry.getByRole("button", { name: "Retry" }).click();
    const { executionId } = (await (await retried).json()) as { executionId: number };
    // The retry takes the failed entry's place.
    await expect(entry).toHaveCount(0);
    const again = reportsPage.entryById(executionId);
    await expect(again).toContainText("Running");
    await expect(again).toContainText("Failed");
  });

  test("the list survives reload and a new sign-in, and is alice's alone", async ({ page, signInPage, homePage, reportsPage }) => {
    await signInPage.goto("?callbackUrl=%2Freports");
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/reports");
    const entry = await reportsPage.run("My daily summary", "OpenDocument (ODS)");
    const executionId = await reportsPage.executionIdOf(entry);

    // Ready is announced on any portal page, not only on Reports.
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await homePage.expectGreeting(alice.fullName);
    await expect(reportsPage.notice).toContainText("“My daily summary” (OpenDocument (ODS)) is ready.");
    await expect(page).toHaveTitle(/^Report ready · /);

    await page.reload();
    await reportsPage.goto();
    await expect(reportsPage.entryById(executionId)).toContainText("Ready");

    await homePage.signOut(alice.fullName);
    await signInPage.signInWithPin(bob.pin);
    await page.waitForURL((url) => url.pathname === "/");
    await reportsPage.goto();
    await expect(page.getByText("Reports you run appear here.")).toBeVisible();
    await expect(reportsPage.entryById(executionId)).toHaveCount(0);
    // Bob cannot reach alice's file by its address either.
    expect((await page.request.get(`/api/reports/executions/${executionId}/status`)).status()).toBe(404);
    expect((await page.request.get(`/api/reports/executions/${executionId}/download`)).status()).toBe(404);

    await homePage.signOut(bob.fullName);
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/");
    await reportsPage.goto();
    await expect(reportsPage.entryById(executionId)).toContainText("Ready");
  });

  test("bad requests are refused before they reach the print server", async ({ page, signInPage, reportsPage }) => {
    await signInPage.goto("?callbackUrl=%2Freports");
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/reports");
    await expect(reportsPage.report("My monthly summary")).toBeVisible();

    const badFormat = await page.request.post("/api/reports/executions", { data: { reportId: 3, format: "docx" } });
    expect(badFormat.status()).toBe(400);
    expect(await badFormat.json()).toMatchObject({ message: expect.stringContaining("format") });
    expect((await page.request.post("/api/reports/executions", { data: { reportId: "three", format: "csv" } })).status()).toBe(400);
    expect((await page.request.get("/api/reports/executions/abc/status")).status()).toBe(400);
    expect((await page.request.get("/api/reports/executions/abc/download")).status()).toBe(400);
    const crossSite = await page.request.post("/api/reports/executions", {
      data: { reportId: 3, format: "csv" },
      headers: { origin: "https://intruder.example" },
    });
    expect(crossSite.status()).toBe(403);
  });
});
