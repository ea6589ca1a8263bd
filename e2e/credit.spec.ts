import { readFileSync } from "node:fs";
import { alice, expect, test as base } from "./fixtures";
import { CreditPage, expectVoucherPlaceholderAsTallAsForm } from "./pages/credit-page";
import { axeViolations } from "./support/axe";
import { requestsForEach } from "./support/preloaded-read";

// The credit statement against the shared print server's demo
// history: alice has about 150 lines over 90 days. Nothing here changes
// her credit; vouchers are redeemed on private stacks (voucher.spec.ts).

const test = base.extend<{ creditPage: CreditPage }>({
  creditPage: async ({ page }, use) => {
    await use(new CreditPage(page));
  },
});

test.beforeEach(async ({ signInPage }) => {
  await signInPage.signInWithPinTo("/", alice.pin);
});

test("alice's statement: lines with what happened, filters, paging, the chart's summary and its table", async ({
  creditPage,
}) => {
  await creditPage.goto();
  await expect(creditPage.available).toHaveText(/^€\d+\.\d\d$/);
  const rows = creditPage.table.getByRole("row");
  await expect(rows).toHaveCount(26); // the header and a page of 25
  if (creditPage.page.viewportSize()!.width >= 640) {
    await expect(creditPage.table.getByRole("columnheader")).toHaveText(["Date", "What", "Amount", "Balance after"]);
    // The phone's lines under what happened are not shown beside their own columns.
    await expect(rows.nth(1).getByText(/^Balance after:/)).toBeHidden();
  } else {
    // A phone's two columns: the date and the balance under what happened.
    await expect(creditPage.table.getByRole("columnheader")).toHaveText(["What", "Amount"]);
    const what = rows.nth(1).getByRole("cell").first();
    await expect(what).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M/);
    await expect(what).toContainText(/Balance after: €\d+\.\d\d$/);
  }
  await expect(creditPage.chartSummary).toHaveText(/^Spent €\d+\.\d\d in the last 30 days/);
  await expect(creditPage.statement.getByRole("img", { name: /^Chart of your balance from / })).toBeVisible();

  await creditPage.statement.getByText("Show the balance as a table").click();
  await expect(creditPage.statement.getByRole("table", { name: "Balance after each change" })).toBeVisible();

  await expect(creditPage.statement.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const next = creditPage.statement.getByRole("button", { name: "Next page" });
  await next.click();
  await expect(creditPage.statement.getByText(/^Page 2 of \d+$/)).toBeVisible();
  // On to the last page: Next is then unavailable and still has the focus (not dropped to the page).
  const pages = Number(/of (\d+)/.exec(await creditPage.statement.getByText(/^Page 2 of \d+$/).innerText())?.[1]);
  for (let page = 3; page <= pages; page++) {
    await next.click();
    await expect(creditPage.statement.getByText(`Page ${page} of ${pages}`, { exact: true })).toBeVisible();
  }
  await expect(next).toBeDisabled();
  await expect(next).toBeFocused();
  await creditPage.statement.getByRole("button", { name: "Previous page" }).click();
  await expect(creditPage.statement.getByText(`Page ${pages - 1} of ${pages}`, { exact: true })).toBeVisible();

  // The page before stays on screen while the filtered one loads: its lines are checked once that has come.
  const filtered = creditPage.page.waitForResponse(
    (answer) => answer.url().includes("/api/credit/statement?") && answer.url().includes("type=recharge"),
  );
  await creditPage.statement.getByLabel("Show", { exact: true }).selectOption({ label: "Top-up" });
  await filtered;
  await expect(creditPage.statement.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const typeCells = creditPage.table.locator("tbody tr td:nth-child(2) span:nth-child(2)");
  await expect(typeCells.first()).toContainText("Top-up");
  await expect(typeCells.filter({ hasNotText: /^Top-up/ })).toHaveCount(0);

  await creditPage.statement.getByLabel("Period").selectOption({ label: "Last 90 days" });
  await expect(creditPage.chartSummary).toHaveText(/in the last 90 days/);
});

test("the browser reads the balance, statement, chart and voucher offer alongside the page's scripts, and once each", async ({
  page,
  creditPage,
}) => {
  const firstReads = [
    "/api/account/money",
    "/api/credit/statement?days=30&page=1",
    "/api/credit/history?days=30",
    "/api/credit/vouchers",
  ];
  const requests = await requestsForEach(page, firstReads, async () => {
    await creditPage.goto();
    await expect(creditPage.available).toHaveText(/^€\d+\.\d\d$/);
    // The voucher offer is asked for in the render that asks for the statement:
    // once the statement's rows show, a read of it that missed the preload has gone out.
    await expect(creditPage.table.getByRole("row")).toHaveCount(26);
    await expect(creditPage.chartSummary).toHaveText(/in the last 30 days/);
    await expect(creditPage.voucher.getByLabel("Voucher code")).toBeVisible();
  });
  // One request each, the head's preloads: the page's fetch() took their answers.
  expect(requests).toEqual(Object.fromEntries(firstReads.map((path) => [path, ["other"]])));
});

test("Download CSV gives the chosen period's lines as a spreadsheet opens them", async ({ page, creditPage }) => {
  await creditPage.goto();
  await creditPage.statement.getByLabel("Period").selectOption({ label: "Last 90 days" });
  const download = page.waitForEvent("download");
  await creditPage.statement.getByRole("link", { name: "Download CSV" }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Date (UTC),Type,What,Amount,Balance after,Currency");
  expect(lines.length).toBeGreaterThan(100);
  expect(lines.slice(1).every((line) => /^\d{4}-\d\d-\d\dT[^,]+,(Print|Top-up|Refund|Adjustment),/.test(line))).toBe(
    true,
  );
});

for (const theme of ["light", "dark"] as const) {
  test(`the credit page has no axe violations in the ${theme} theme`, async ({ page, creditPage }) => {
    await page.emulateMedia({ colorScheme: theme });
    await creditPage.goto();
    await expect(creditPage.table).toBeVisible();
    await creditPage.statement.getByText("Show the balance as a table").click();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("the credit page fits a 360 px phone, framed too", async ({ page, creditPage }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (const query of ["", "?embed=1"]) {
    await creditPage.goto(query);
    await expect(creditPage.table).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("the credit page speaks German", async ({ page, creditPage }) => {
  await creditPage.goto();
  await page.getByRole("button", { name: alice.fullName }).click();
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Guthaben" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Kontoauszug" }).getByTestId("chart-summary")).toHaveText(
    /ausgegeben in den letzten 30 Tagen/,
  );
});

test("Add credit's placeholder is as tall as its form, on a phone too", async ({ page }) => {
  for (const width of page.viewportSize()!.width < 640 ? [360] : [360, 1280])
    await expectVoucherPlaceholderAsTallAsForm(page, "Add credit", width);
});
