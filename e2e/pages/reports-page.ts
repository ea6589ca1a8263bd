import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";
import { SignInPage } from "./sign-in-page";

/** The Reports page: run reports, watch "Recent reports", download files. */
export class ReportsPage {
  readonly recentList: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.recentList = page.getByRole("list", { name: "Recent reports" });
    this.notice = page.getByTestId("report-notice");
  }

  /** Signs in by PIN on the sign-in page, which then opens the Reports page. */
  async signInWithPin(pin: string): Promise<void> {
    await new SignInPage(this.page).signInWithPinTo("/reports", pin);
  }

  async goto(): Promise<void> {
    await this.page.goto("/reports");
    await expect(this.page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  }

  report(name: string): Locator {
    return this.page.getByRole("group", { name });
  }

  /** Runs a report in a format (its readable name) and answers the new entry. */
  async run(name: string, format: string): Promise<Locator> {
    const row = this.report(name);
    await row.getByLabel("Format").selectOption({ label: format });
    const started = this.page.waitForResponse(
      (r) => r.url().endsWith("/api/reports/executions") && r.request().method() === "POST",
    );
    await row.getByRole("button", { name: "Run" }).click();
    const response = await started;
    expect(response.status()).toBe(201);
    const { executionId } = (await response.json()) as { executionId: number };
    return this.entryById(executionId);
  }

  entryById(executionId: number): Locator {
    return this.recentList.locator(`li[data-execution-id="${executionId}"]`);
  }

  entries(): Locator {
    return this.recentList.getByRole("listitem");
  }

  async executionIdOf(entry: Locator): Promise<number> {
    return Number(await entry.getAttribute("data-execution-id"));
  }

  /** Clicks an entry's Download link and answers the file's name and bytes. */
  async download(entry: Locator): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([
      this.page.waitForEvent("download"),
      entry.getByRole("link", { name: "Download" }).click(),
    ]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: await readFile(path) };
  }
}
