import { expect, type Locator, type Page } from "@playwright/test";
import { SignInPage } from "./sign-in-page";

/** The Jobs page: lists of jobs, the printer choice, release, delete, favourites. */
export class JobsPage {
  readonly waiting: Locator;
  readonly printed: Locator;
  readonly favorites: Locator;
  readonly progress: Locator;
  readonly available: Locator;
  readonly printerSearch: Locator;

  constructor(readonly page: Page) {
    this.waiting = page.getByRole("region", { name: "Waiting to print" });
    this.printed = page.getByRole("region", { name: "Printed (kept for reprint)" });
    this.favorites = page.getByRole("region", { name: "Favourites" });
    this.progress = page.getByRole("region", { name: "Sent to the printer" });
    this.available = page.getByTestId("available-to-print");
    this.printerSearch = page.getByLabel("Search printers by name or location");
  }

  /** Signs in by PIN on the sign-in page, which then opens the Jobs page. */
  async signInWithPin(pin: string): Promise<void> {
    await new SignInPage(this.page).signInWithPinTo("/jobs", pin);
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/jobs${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  }

  /** Opens the page from the header's navigation, in the same tab (no document load). */
  async openFromNavigation(): Promise<void> {
    await this.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" }).click();
    await this.page.waitForURL((url) => url.pathname === "/jobs");
    await expect(this.page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  }

  job(list: Locator, name: string): Locator {
    return list.getByRole("group", { name });
  }

  /** What the page says is left to print, as a number (e.g. 25.5). */
  async availableAmount(): Promise<number> {
    await expect(this.available).toHaveText(/\d/);
    return Number((await this.available.innerText()).replace(/[^\d.]/g, ""));
  }

  async select(name: string): Promise<void> {
    await this.job(this.waiting, name).getByRole("checkbox", { name }).check();
  }

  async choosePrinter(name: string): Promise<void> {
    await this.printerSearch.fill(name);
    await this.page.getByRole("radio", { name: new RegExp(`^${name}\\b`) }).check();
  }

  /** Release, then the confirmation's "Print now" (double-tapped when asked). */
  async release({ doubleTap = false } = {}): Promise<void> {
    await this.page.getByRole("region", { name: "Selected jobs" }).getByRole("button", { name: "Release" }).click();
    const confirm = this.page.getByRole("alertdialog").getByRole("button", { name: "Print now" });
    if (doubleTap) await confirm.dblclick();
    else await confirm.click();
    await expect(this.page.getByRole("alertdialog")).toHaveCount(0);
  }

  /** A printed job's or a favourite's Reprint, then the confirmation's "Print now". */
  async reprint(job: Locator): Promise<void> {
    await job.getByRole("button", { name: "Reprint" }).click();
    await this.page.getByRole("alertdialog").getByRole("button", { name: "Print now" }).click();
    await expect(this.page.getByRole("alertdialog")).toHaveCount(0);
  }

  progressOf(name: string): Locator {
    return this.progress.getByRole("listitem").filter({ hasText: name });
  }
}
