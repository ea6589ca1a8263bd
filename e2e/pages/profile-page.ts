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

  /** Asks for a new PIN, proving who the person is with their current PIN; answers the PIN shown. */
  async getNewPin(currentPin: string): Promise<string> {
    await this.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
    await this.pinSection
      .getByLabel("Current PIN", { exact: true })
      .and(this.page.locator("input[type=password]"))
      .fill(currentPin);
    await this.pinSection.getByRole("button", { name: "Confirm and get a new PIN" }).click();
    const shown = this.pinSection.getByTestId("new-pin");
    await expect(shown).toHaveText(/^\d{6}$/);
    return (await shown.textContent()) ?? "";
  }
}
