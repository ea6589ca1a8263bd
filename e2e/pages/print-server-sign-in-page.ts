import { expect, type Page } from "@playwright/test";

/** The print server's own sign-in page (/{lang}/auth), where "Single sign-on" leads. */
export class PrintServerSignInPage {
  constructor(readonly page: Page) {}

  async expectShown(pageOrigin: string): Promise<void> {
    await expect(this.page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    expect(new URL(this.page.url()).origin).toBe(pageOrigin);
  }

  async signInWithPin(pin: string): Promise<void> {
    await this.page.getByLabel("PIN", { exact: true }).fill(pin);
    await this.page.getByRole("button", { name: "Sign in with PIN" }).click();
  }

  async signInWithPassword(username: string, password: string): Promise<void> {
    await this.page.getByLabel("User name", { exact: true }).fill(username);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Sign in with password" }).click();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole("button", { name: "Cancel and go back" }).click();
  }
}
