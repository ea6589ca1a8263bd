import { expect, type Locator, type Page } from "@playwright/test";
import { SignInPage } from "./sign-in-page";

export class HomePage {
  constructor(readonly page: Page) {}

  /** Signs in by PIN from the sign-in page, which leads home. */
  async signInWithPin(pin: string): Promise<void> {
    await new SignInPage(this.page).signInWithPinTo("/", pin);
  }

  async expectGreeting(fullName: string): Promise<void> {
    await expect(this.page.getByRole("heading", { level: 1, name: `Hello, ${fullName}` })).toBeVisible();
  }

  async signOut(fullName: string): Promise<void> {
    await this.page.getByRole("button", { name: fullName }).click();
    await this.page.getByRole("menuitem", { name: "Sign out" }).click();
    await this.page.waitForURL(/\/sign-in/);
  }

  // The account overview.

  /** The balance panel: available to print, credit accounts, quotas. */
  get balance(): Locator {
    return this.page.getByRole("region", { name: "Your balance" });
  }

  /** The profile panel: name, user name, email, aliases. */
  get profile(): Locator {
    return this.page.getByRole("region", { name: "Your details" });
  }

  /** The largest figure of the page, where credit is on. */
  get availableToPrint(): Locator {
    return this.balance.getByTestId("available-to-print");
  }

  get lastUpdated(): Locator {
    return this.page.getByRole("status").filter({ hasText: /^Last updated / });
  }

  /**
   * Waits until the page answers clicks. The figures come in the server's
   * HTML, before the page's scripts have run; "Last updated" is written only
   * once they have (its time is in the browser's time zone).
   */
  async expectHydrated(): Promise<void> {
    await expect(this.lastUpdated).toBeVisible();
  }

  quotaMeter(name: string): Locator {
    return this.balance.getByRole("meter", { name });
  }

  /** The value shown beside a term of the profile, e.g. "Email". */
  profileValue(term: string): Locator {
    return this.profile.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
  }

  async refresh(): Promise<void> {
    await this.page.getByRole("button", { name: "Refresh" }).click();
  }
}
