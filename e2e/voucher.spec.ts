import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { alice, expect } from "./fixtures";
import { CreditPage } from "./pages/credit-page";
import { ownStackTest, privateStackTest } from "./support/own-stack-test";
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

// Guessing codes, sent for real: the print server's requests are counted by
// the recording forwarder in front of it.
const counted = privateStackTest({ recordTokens: true }).extend<{ creditPage: CreditPage }>({
  creditPage: async ({ page }, use) => {
    await use(new CreditPage(page));
  },
});
counted.setTimeout(150_000);

const voucherTriesAt = (requestsFile: string | undefined) =>
  readFileSync(requestsFile ?? "", "utf8")
    .split("\n")
    .filter((line) => /^POST \S*\/rechargeProviders\/voucher\/payments$/.test(line)).length;

/** Sends one "Add credit" press from the page, as its form does, and answers the status and body. */
async function sendVoucher(page: Page, code: string, requestId: string, altcha?: string) {
  return page.evaluate(
    async ({ code, requestId, altcha }) => {
      const answer = await fetch("/api/credit/vouchers", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code, requestId, altcha }),
      });
      return { status: answer.status, body: (await answer.json()) as { error?: string; added?: number } };
    },
    { code, requestId, altcha },
  );
}

counted(
  "40 wrong codes at once from alice reach the print server at most 3 times; a solved challenge lets the next through",
  async ({ page, stack, creditPage }) => {
    // alice is signed in (the file's beforeEach).
    await creditPage.goto();
    await expect(creditPage.available).toHaveText("€25.50");
    const before = voucherTriesAt(stack.requestsFile);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sendVoucher(page, `GUESS-${1000 + i}`, `guess-press-${1000 + i}`)),
    );
    expect(voucherTriesAt(stack.requestsFile) - before).toBeLessThanOrEqual(3);
    expect(answers.filter((answer) => answer.body.error === "challenge_required").length).toBeGreaterThanOrEqual(37);

    // The next try without a challenge reaches nobody; with one solved as the widget does, it goes through.
    const reached = voucherTriesAt(stack.requestsFile);
    expect((await sendVoucher(page, "VOUCHER-10", "right-press-0001")).body.error).toBe("challenge_required");
    expect(voucherTriesAt(stack.requestsFile)).toBe(reached);
    const challenge = (await (await page.request.get("/api/challenge")).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const redeemed = await sendVoucher(page, "VOUCHER-10", "right-press-0002", altcha);
    expect(redeemed).toMatchObject({ status: 200, body: { added: 10 } });
    // Once: the same press again and the same solution again redeem nothing more.
    expect((await sendVoucher(page, "VOUCHER-10", "right-press-0002", altcha)).status).toBe(200);
    expect((await sendVoucher(page, "VOUCHER-05", "right-press-0003", altcha)).body.error).toBe("challenge_failed");
    await page.reload();
    await expect(creditPage.available).toHaveText("€35.50");

    // The page: a wrong code now brings the browser check, which solves itself, then a code goes through.
    await creditPage.redeem("NOT-A-VOUCHER");
    await expect(creditPage.voucher).toContainText("Let the portal check this browser below");
    await expect(creditPage.voucher.getByLabel("Voucher code")).toHaveValue("NOT-A-VOUCHER");
    await expect(creditPage.voucher.getByRole("checkbox")).toBeChecked({ timeout: 30_000 });
    await creditPage.redeem("VOUCHER-05");
    await expect(creditPage.voucher.getByRole("status")).toHaveText("€5.00 added. Your balance is now €40.50.");
  },
);
