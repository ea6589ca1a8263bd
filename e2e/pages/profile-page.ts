import { expect, type Locator, type Page } from "@playwright/test";

/** /profile: the details form, the new PIN and the password. */
export class ProfilePage {
  constructor(readonly page: Page) {}

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/profile${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Profile and PIN" })).toBeVisible();
  }

  get details(): Locator {
    return this.page.getByRole("region", { name: "Your details", exact: true });
  }

  get pinSection(): Locator {
    return this.page.getByRole("region", { name: "PIN", exact: true });
  }

  get passwordSection(): Locator {
    return this.page.getByRole("region", { name: "Password", exact: true });
  }

  get email(): Locator {
    return this.details.getByLabel("Email");
  }

  async saveDetails(): Promise<void> {
    await this.details.getByRole("button", { name: "Save details" }).click();
  }

  /** The secret field the new PIN form asks for, by its visible label. */
  secretField(label: "Current PIN" | "Password"): Locator {
    return this.pinSection.getByLabel(label, { exact: true }).and(this.page.locator("input[type=password]"));
  }

  /** Waits until the browser check (the proof-of-work challenge) has solved itself. */
  async browserChecked(): Promise<void> {
    await expect(this.pinSection.getByRole("checkbox")).toBeChecked({ timeout: 30_000 });
  }

  /**
   * Asks for a new PIN, proving who the person is as the form asks: the
   * password of a person who has one, else the current PIN and the browser
   * check; answers the PIN shown.
   */
  async getNewPin(proof: { password: string } | { pin: string }): Promise<string> {
    await this.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
    if ("password" in proof) await this.secretField("Password").fill(proof.password);
    else {
      await this.secretField("Current PIN").fill(proof.pin);
      await this.browserChecked();
    }
    await this.pinSection.getByRole("button", { name: "Confirm and get a new PIN" }).click();
    const shown = this.pinSection.getByTestId("new-pin");
    await expect(shown).toHaveText(/^\d{6}$/);
    return (await shown.textContent()) ?? "";
  }
}
