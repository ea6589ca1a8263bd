import { axeViolations } from "./support/axe";
import { holdRequests } from "./support/hold-requests";
import { requestsFor } from "./support/preloaded-read";
import { failingReport, reportsTest } from "./support/reports-test";
import { alice, bob, expect } from "./fixtures";
import { reportReadyTimeout } from "./support/stack-env";

// Every report takes 3 s, so one can leave the page before it is ready.
const test = reportsTest(3000);

// One private stack per worker is plenty: the tests of this file take turns.
test.describe.configure({ mode: "default" });

test.describe("reports", () => {
  test("alice runs her monthly summary as CSV and PDF and downloads both", async ({ page, reportsPage }) => {
    await reportsPage.signInWithPin(alice.pin);

    const csv = await reportsPage.run("My monthly summary", "CSV");
    await expect(csv).toContainText("Running");
    await expect(csv).toContainText(/Running for \d+:\d\d/);
    const pdf = await reportsPage.run("My monthly summary", "PDF");
    await expect(pdf).toContainText("Running");
    // Run, unavailable while it starts the report, kept the focus (a disabled button drops it to the page).
    await expect(reportsPage.report("My monthly summary").getByRole("button", { name: "Run" })).toBeFocused();

    await expect(csv).toContainText("Ready", { timeout: reportReadyTimeout });
    await expect(pdf).toContainText("Ready", { timeout: reportReadyTimeout });
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

  test("the browser reads the reports on offer alongside the page's scripts, and only once", async ({
    page,
    reportsPage,
  }) => {
    await reportsPage.signInWithPin(bob.pin);
    const summary = reportsPage.report("My monthly summary");
    // The page sign-in opened has read its list: what follows is the reload's alone.
    await expect(summary).toBeVisible();
    const requests = await requestsFor(page, "/api/reports", async () => {
      await page.reload();
      await expect(summary).toBeVisible();
    });
    // One request, the head's preload: the list's fetch() took its answer.
    expect(requests).toEqual(["other"]);
  });

  test("a report that fails says so and offers Retry", async ({ page, reportsPage }) => {
    await reportsPage.signInWithPin(alice.pin);

    const entry = await reportsPage.run(failingReport, "Excel (XLSX)");
    await expect(entry).toContainText("Failed");
    await expect(entry).toContainText("This report could not be made.");
    await expect(entry.getByRole("link", { name: "Download" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "could not be made" })).toHaveCount(1);

    const retried = page.waitForResponse(
      (r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST",
    );
    await entry.getByRole("button", { name: "Retry" }).click();
    const { executionId } = (await (await retried).json()) as { executionId: number };
    // The retry takes the failed entry's place, and the focus goes to the list's heading, not the page's top.
    await expect(entry).toHaveCount(0);
    const recentHeading = page.getByRole("heading", { name: "Recent reports" });
    await expect(recentHeading).toBeFocused();
    const again = reportsPage.entryById(executionId);
    await expect(again).toContainText("Running");
    // Started a moment ago: today's clock time (yesterday's, should midnight fall in between).
    await expect(again).toContainText(/Started (yesterday )?at \d{1,2}:\d{2}/);
    await expect(again).toContainText("Failed");

    // So does Remove.
    await again.getByRole("button", { name: "Remove" }).focus();
    await page.keyboard.press("Enter");
    await expect(again).toHaveCount(0);
    await expect(recentHeading).toBeFocused();
  });

  test("the list survives reload and a new sign-in, and is alice's alone", async ({
    page,
    signInPage,
    homePage,
    reportsPage,
  }) => {
    await reportsPage.signInWithPin(alice.pin);
    const entry = await reportsPage.run("My daily summary", "OpenDocument (ODS)");
    const executionId = await reportsPage.executionIdOf(entry);

    // Ready is announced on any portal page, not only on Reports.
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await homePage.expectGreeting(alice.fullName);
    await expect(reportsPage.notice).toContainText("“My daily summary” (OpenDocument (ODS)) is ready.");
    await expect(page).toHaveTitle(/^Report ready · /);

    await page.reload();
    await reportsPage.goto();
    await expect(reportsPage.entryById(executionId)).toContainText("Ready", { timeout: reportReadyTimeout });

    // An entry the print server no longer knows disappears on the next visit.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith("print-portal.recent-reports."));
      if (!key) throw new Error("no recent reports in localStorage");
      const entries = JSON.parse(localStorage.getItem(key) ?? "[]") as Array<Record<string, unknown>>;
      const unknown = { ...entries[0], executionId: 987654, state: "running" };
      localStorage.setItem(key, JSON.stringify([unknown, ...entries]));
    });
    await page.reload();
    await expect(reportsPage.entryById(executionId)).toContainText("Ready", { timeout: reportReadyTimeout });
    await expect(reportsPage.entryById(987654)).toHaveCount(0);

    await homePage.signOut(alice.fullName);
    await signInPage.signInWithPin(bob.pin);
    await page.waitForURL((url) => url.pathname === "/");
    await reportsPage.goto();
    await expect(page.getByText("Reports you run appear here.")).toBeVisible();
    await expect(reportsPage.entryById(executionId)).toHaveCount(0);
    // Bob cannot reach alice's file by its address either.
    expect((await page.request.get(`/api/reports/executions/${executionId}/status`)).status()).toBe(404);
    expect((await page.request.get(`/api/reports/executions/${executionId}/download`)).status()).toBe(404);
    expect((await page.request.head(`/api/reports/executions/${executionId}/download`)).status()).toBe(404);

    await homePage.signOut(bob.fullName);
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/");
    await reportsPage.goto();
    await expect(reportsPage.entryById(executionId)).toContainText("Ready", { timeout: reportReadyTimeout });
  });

  test("bad requests are refused before they reach the print server", async ({ page, reportsPage }) => {
    await reportsPage.signInWithPin(alice.pin);
    await expect(reportsPage.report("My monthly summary")).toBeVisible();

    const badFormat = await page.request.post("/api/reports/executions", { data: { reportId: 3, format: "docx" } });
    expect(badFormat.status()).toBe(400);
    expect(await badFormat.json()).toMatchObject({ message: expect.stringContaining("format") });
    expect(
      (await page.request.post("/api/reports/executions", { data: { reportId: "three", format: "csv" } })).status(),
    ).toBe(400);
    expect((await page.request.get("/api/reports/executions/abc/status")).status()).toBe(400);
    expect((await page.request.get("/api/reports/executions/abc/download")).status()).toBe(400);
    const crossSite = await page.request.post("/api/reports/executions", {
      data: { reportId: 3, format: "csv" },
      headers: { origin: "https://intruder.example" },
    });
    expect(crossSite.status()).toBe(403);
  });

  test("the page and the ready notice are accessible and fit a 360 px screen", async ({
    page,
    homePage,
    reportsPage,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await reportsPage.signInWithPin(alice.pin);
    const ready = await reportsPage.run("My monthly summary", "Excel (XLSX)");
    const failed = await reportsPage.run(failingReport, "CSV");
    const running = await reportsPage.run("My daily summary", "XML");
    await expect(running).toContainText("Running");
    expect(await axeViolations(page)).toEqual([]);
    await expect(ready).toContainText("Ready", { timeout: reportReadyTimeout });
    await expect(failed).toContainText("Failed");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await reportsPage.run("My daily summary", "PDF");
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await homePage.expectGreeting(alice.fullName);
    await expect(reportsPage.notice).toBeVisible();
    // The layout sends only the notice's texts of the reports namespace (report-notice-texts.ts).
    await expect(reportsPage.notice.getByRole("link", { name: "Download" })).toBeVisible();
    await expect(reportsPage.notice.getByRole("link", { name: "Open reports" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Dismissed with the keyboard, the card hands the focus back where it came from.
    const homeLink = page.getByRole("link", { name: "Home", exact: true });
    await homeLink.focus();
    await reportsPage.notice.getByRole("button", { name: "Dismiss" }).focus();
    await page.keyboard.press("Enter");
    await expect(reportsPage.notice).toHaveCount(0);
    await expect(homeLink).toBeFocused();
    await expect(page).not.toHaveTitle(/^Report ready/);
  });

  test("when reports cannot be checked the list says so and offers Retry", async ({
    page,
    reportsPage,
    reportsStack,
  }) => {
    await reportsPage.signInWithPin(alice.pin);
    const entry = await reportsPage.run("My monthly summary", "CSV");
    await reportsStack.stopPrintServer();
    try {
      await expect(page.getByText("We cannot check on your reports right now.")).toBeVisible();
      await expect(entry).toContainText("Running");
      const recheck = page.waitForRequest((r) => r.url().endsWith(`/status`));
      await page.getByRole("region", { name: "Recent reports" }).getByRole("button", { name: "Retry" }).click();
      await recheck;
    } finally {
      await reportsStack.startPrintServer();
    }
    // Checking resumes: the report finished while the server shut down, or
    // the restart cut it short.
    await expect(entry).toContainText(/Ready|Failed/);
    await expect(page.getByText("We cannot check on your reports right now.")).toHaveCount(0);
  });

  test("the placeholders while reports load take the rows' place, so nothing jumps", async ({
    page,
    signInPage,
    reportsPage,
  }) => {
    await signInPage.signInWithPinTo("/", alice.pin);
    const release = await holdRequests(page, "**/api/reports");
    await page.goto("/reports");
    const list = page.getByRole("region", { name: "Your reports" }).getByRole("list");
    await expect(list).toHaveAttribute("aria-busy", "true");
    const placeholders = await list.boundingBox();
    release();
    await expect(reportsPage.report("My monthly summary")).toBeVisible();
    const rows = await page.getByRole("region", { name: "Your reports" }).getByRole("list").boundingBox();
    expect(Math.abs((rows?.height ?? 0) - (placeholders?.height ?? 0))).toBeLessThanOrEqual(1);
  });
});
