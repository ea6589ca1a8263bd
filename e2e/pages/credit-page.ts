import { expect, type Locator, type Page } from "@playwright/test";

/** /credit: the balance, Add credit, the statement and its chart (issue 13). */
export class CreditPage {
  constructor(readonly page: Page) {}

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/credit${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Credit" })).toBeVisible();
  }

  get available(): Locator {
    return this.page.getByTestId("available-to-print");
  }

  get statement(): Locator {
    return this.page.getByRole("region", { name: "Statement", exact: true });
  }

  get table(): Locator {
    return this.statement.getByRole("table", { name: "Credit statement, newest first" });
  }

  get chartSummary(): Locator {
    return this.statement.getByTestId("chart-summary");
  }

  get voucher(): Locator {
    return this.page.getByRole("region", { name: "Add credit", exact: true });
  }

  async redeem(code: string): Promise<void> {
    await this.voucher.getByLabel("Voucher code").fill(code);
    await this.voucher.getByRole("button", { name: "Add credit" }).click();
  }
}
