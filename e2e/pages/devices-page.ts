import { expect, type Locator, type Page } from "@playwright/test";

/** The "Devices and sign-ins" page, in English. */
export class DevicesPage {
  readonly heading: Locator;
  readonly sessions: Locator;
  readonly attempts: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Devices and sign-ins" });
    this.sessions = page
      .getByRole("region", { name: "Signed in now" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { level: 3 }),
      });
    this.attempts = page.getByRole("region", { name: "Sign-in attempts in the last 30 days" }).getByRole("listitem");
  }

  /** Opens the page from the user menu. */
  async openFromUserMenu(fullName: string): Promise<void> {
    await this.page.getByRole("button", { name: fullName }).click();
    await this.page.getByRole("link", { name: "Devices and sign-ins" }).click();
    await expect(this.heading).toBeVisible();
  }

  /** The card of the session signed in from `address`. */
  session(address: string): Locator {
    return this.sessions.filter({ hasText: `Address: ${address}` });
  }

  /** The attempts made from `address`. */
  attemptsFrom(address: string): Locator {
    return this.attempts.filter({ hasText: `Address: ${address}` });
  }
}
