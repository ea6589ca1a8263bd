import { alice, expect } from "./fixtures";
import { CreditPage } from "./pages/credit-page";
import { ownStackTest } from "./support/own-stack-test";
import { setVouchers } from "./support/print-server-cli";

// Add credit by voucher. Each test redeems demo vouchers on a
// print server of its own: the shared one keeps alice at 25.50 and its
// vouchers unused for everyone else.

const test = ownStackTest.extend<{ creditPage: CreditPage }>({
  creditPage: async ({ page }, use) => {
    await use(new CreditPage(page));
  },
});
test.setTimeout(120_000);

test.beforeEach(async ({ signInPage }) => {
  await signInPage.signInWithPinTo("/", alice.pin);
});

test("alice redeems the 10 EUR voucher: +10.00 everywhere, a statement line, and the code again is used", async ({
  page,
  creditPage,
  homePage,
}) => {
  await creditPage.goto();
  await expect(creditPage.available).toHaveText("€25.50");
  await creditPage.redeem(" voucher-10 ");
  await expect(creditPage.voucher.getByRole("status")).toHaveText("€10.00 added. Your balance is now €35.50.");
  await expect(creditPage.available).toHaveText("€35.50");
  const newest = creditPage.table.getByRole("row").nth(1);
  await expect(newest).toContainText("+€10.00");
  await expect(newest).toContainText("€35.50");
  await expect(newest).toContainText("Top-up");
  await expect(creditPage.voucher.getByLabel("Voucher code")).toHaveValue("");

  await creditPage.redeem("VOUCHER-10");
  await expect(creditPage.voucher).toContainText(
    "This voucher has already been used. If it was not by you, ask whoever gave it to you.",
  );
  await expect(creditPage.voucher.getByLabel("Voucher code")).toHaveValue("VOUCHER-10");
  await expect(creditPage.available).toHaveText("€35.50");

  await page.goto("/");
  await expect(homePage.availableToPrint).toHaveText("€35.50");
});

test("a double submit credits once", async ({ creditPage }) => {
  await creditPage.goto();
  await expect(creditPage.available).toHaveText("€25.50");
  await creditPage.voucher.getByLabel("Voucher code").fill("VOUCHER-05");
  await creditPage.voucher.getByRole("button", { name: "Add credit" }).dblclick();
  await expect(creditPage.voucher.getByRole("status")).toContainText("added");
  await expect(creditPage.available).toHaveText("€30.50");
  await creditPage.page.reload();
  await expect(creditPage.available).toHaveText("€30.50");
});

test("wrong, used and expired codes each say what is wrong and keep what was typed", async ({ creditPage }) => {
  await creditPage.goto();
  for (const [code, sentence] of [
    ["NOT-A-VOUCHER", "This voucher code is not known. Check it and try again."],
    ["VOUCHER-USED", "This voucher has already been used. If it was not by you, ask whoever gave it to you."],
    ["VOUCHER-OLD", "This voucher has expired. Ask whoever gave it to you for a new one."],
  ] as const) {
    await creditPage.redeem(code);
    await expect(creditPage.voucher.getByText(sentence)).toBeVisible();
    await expect(creditPage.voucher.getByLabel("Voucher code")).toHaveValue(code);
  }
  await expect(creditPage.available).toHaveText("€25.50");
});

test("on a print server without vouchers the page says so, and never shows a field that cannot be used", async ({
  page,
  ownStack,
  creditPage,
}) => {
  await setVouchers(false, ownStack.printServerData);
  // Every voucher field the page ever adds, even one it takes away again at once.
  await page.addInitScript(() => {
    const field = 'input[name="voucherCode"]';
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches(field) || node.querySelector(field)))
            (window as { voucherFieldShown?: boolean }).voucherFieldShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await creditPage.goto();
  await expect(creditPage.voucher.getByText("Vouchers cannot be used here.")).toBeVisible();
  await expect(creditPage.available).toHaveText("€25.50");
  await expect(creditPage.voucher.getByLabel("Voucher code")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { voucherFieldShown?: boolean }).voucherFieldShown)).toBeUndefined();
});
