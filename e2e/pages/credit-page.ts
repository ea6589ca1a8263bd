import { expect, type Locator, type Page } from "@playwright/test";
import { holdRequests } from "../support/hold-requests";

/** /credit: the balance, Add credit, the statement and its chart. */
export class CreditPage {
  constructor(readonly page: Page) {}

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/credit${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Credit" })).toBeVisible();
  }

  /** Opens the page from the header's navigation, in the same tab (no document load). */
  async openFromNavigation(): Promise<void> {
    await this.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Credit" }).click();
    await this.page.waitForURL((url) => url.pathname === "/credit");
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

/**
 * Add credit shows a placeholder until the server says it takes vouchers; it
 * must take the form's place in every language and width, or the statement
 * below moves when the answer comes (Lighthouse counts it on a phone).
 * `heading` is Add credit's heading in the page's language.
 */
export async function expectVoucherPlaceholderAsTallAsForm(page: Page, heading: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 740 });
  const vouchers = "**/api/credit/vouchers";
  const release = await holdRequests(page, vouchers);
  try {
    await page.goto("/credit");
    const section = page.getByRole("region", { name: heading, exact: true });
    await expect(section).toHaveAttribute("aria-busy", "true");
    const placeholder = await section.boundingBox();
    release();
    await expect(section.getByRole("textbox")).toBeVisible();
    const form = await section.boundingBox();
    expect(Math.abs((form?.height ?? 0) - (placeholder?.height ?? 0)), `${width} px`).toBeLessThanOrEqual(1);
  } finally {
    release();
    await page.unroute(vouchers);
  }
}
