import { expect, type Page } from "@playwright/test";

/** The print server's own sign-in page (/{lang}/auth), where "Single sign-on" leads. */
export class PrintServerSignInPage {
  constructor(readonly page: Page) {}

  async expectShown(pageOrigin: string): Promise<void> {
    await expect(this.page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    expect(new URL(this.page.url()).origin).toBe(pageOrigin);
  }

  /** The PIN form asks for the user name too: the page accepts a PIN only with the name it belongs to. */
  async signInWithPin(username: string, pin: string): Promise<void> {
    const form = this.page.getByRole("form", { name: "With your user name and PIN" });
    await form.getByLabel("User name", { exact: true }).fill(username);
    await form.getByLabel("PIN", { exact: true }).fill(pin);
    await form.getByRole("button", { name: "Sign in with PIN" }).click();
  }

  async signInWithPassword(username: string, password: string): Promise<void> {
    const form = this.page.getByRole("form", { name: "Or with your user name and password" });
    await form.getByLabel("User name", { exact: true }).fill(username);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Sign in with password" }).click();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole("button", { name: "Cancel and go back" }).click();
  }
}
