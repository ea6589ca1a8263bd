import { alice, expect, test as base } from "./fixtures";
import { CreditPage } from "./pages/credit-page";
import { ProfilePage } from "./pages/profile-page";
import { startPrivateStack, type PrivateStack } from "./support/private-stack";

// Sessions that end kindly, with short settings: an idle timeout of one
// minute, so the two-minute warning shows at once and the end comes soon.

const test = base.extend<object, { shortSessions: PrivateStack }>({
  shortSessions: [
    async ({}, use) => {
      const stack = await startPrivateStack({ portalEnv: { SESSION_IDLE_TIMEOUT: "60" } });
      await use(stack);
      await stack.close();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ shortSessions }, use) => {
    await use(shortSessions.portalUrl);
  },
});

/** Seconds of the warning's "Time left: m:ss". */
async function secondsLeft(text: Promise<string>): Promise<number> {
  const match = /(\d+):(\d\d)/.exec(await text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

test("warns before the session ends, keeps her signed in, and after the end brings back what she chose", async ({
  page,
  signInPage,
}) => {
  test.setTimeout(240_000);
  await page.goto("/reports");
  await signInPage.signInWithPin(alice.pin);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  // What she chose on the page: CSV for "My monthly summary".
  const format = page.getByRole("group", { name: "My monthly summary" }).getByLabel("Format");
  await format.selectOption({ label: "CSV" });

  // Less than two minutes left: the warning, with the time left and "Stay signed in".
  const warning = page.getByRole("region", { name: "You will be signed out soon" });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("alert")).toContainText("without activity");
  const timeLeft = warning.getByText(/^Time left: \d+:\d\d$/);
  await expect
    .poll(() => secondsLeft(timeLeft.textContent().then((t) => t ?? "")), { timeout: 30_000 })
    .toBeLessThan(45);
  await warning.getByRole("button", { name: "Stay signed in" }).click();
  await expect.poll(() => secondsLeft(timeLeft.textContent().then((t) => t ?? ""))).toBeGreaterThanOrEqual(55);

  // Then nothing more: the session ends, and the page says so.
  const ended = page.getByRole("region", { name: "You have been signed out" });
  await expect(ended).toBeVisible({ timeout: 90_000 });
  await ended.getByRole("link", { name: "Sign in again" }).click();

  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Your session has ended. Please sign in again.");
  await signInPage.signInWithPin(alice.pin);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/reports");
  // Her choice is back.
  await expect(page.getByRole("group", { name: "My monthly summary" }).getByLabel("Format")).toHaveValue("csv");
});

test("after the end her next action leads to sign-in and back: her voucher code is there, a PIN typed is not", async ({
  page,
  signInPage,
}) => {
  test.setTimeout(240_000);
  const profilePage = new ProfilePage(page);
  const creditPage = new CreditPage(page);
  await page.goto("/profile");
  await signInPage.signInWithPin(alice.pin);
  await expect(page.getByRole("heading", { level: 1, name: "Profile and PIN" })).toBeVisible();

  // Her password (she has one, so a new PIN asks for it), typed to confirm who she is, and left unsent.
  await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
  const currentPin = profilePage.secretField("Password");
  await currentPin.fill(alice.password);

  // A voucher code typed on Credit; then nothing until the session has ended.
  await creditPage.goto();
  const code = creditPage.voucher.getByLabel("Voucher code");
  await code.fill("VOUCHER-10");
  await expect(page.getByRole("region", { name: "You have been signed out" })).toBeVisible({ timeout: 120_000 });

  // Her next action, Add credit, leads to sign-in, and back to Credit with the code.
  await creditPage.voucher.getByRole("button", { name: "Add credit" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Your session has ended. Please sign in again.");
  await signInPage.signInWithPin(alice.pin);
  await page.waitForURL((url) => url.pathname === "/credit");
  await expect(code).toHaveValue("VOUCHER-10");
  // Nothing was added while she was away; now the code works.
  await expect(creditPage.voucher.getByRole("status")).toHaveText("");
  await creditPage.voucher.getByRole("button", { name: "Add credit" }).click();
  await expect(creditPage.voucher.getByRole("status")).toContainText("€10.00 added.");
  await expect(code).toHaveValue("");

  // The PIN was never kept: the tab's storage does not hold it, and her form comes back empty.
  const kept = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));
  expect(kept).not.toContain(alice.pin);
  expect(kept).not.toContain(alice.password);
  await profilePage.goto();
  await profilePage.pinSection.getByRole("button", { name: "Get a new PIN" }).click();
  await expect(currentPin).toBeVisible();
  await expect(currentPin).toHaveValue("");
});

test("drafts never hold a PIN, a password or anything marked secret", async ({ page, signInPage }) => {
  await page.goto("/reports");
  await signInPage.signInWithPin(alice.pin);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  // A form as a later page (PIN change, voucher) would have it. Before the
  // page is hydrated nothing listens for what is typed, and hydration may
  // replace what was added: the form is added (again) and its voucher code
  // typed until the code is kept.
  await expect(async () => {
    await page.evaluate(() => {
      if (document.getElementById("test-form")) return;
      const form = document.createElement("form");
      form.id = "test-form";
      form.innerHTML = `
        <label>Voucher code <input name="voucher"></label>
        <label>Current PIN <input name="currentPin" inputmode="numeric" autocomplete="off"></label>
        <label>Password <input name="password" type="password"></label>
        <label>Card <input name="reference" autocomplete="cc-number"></label>
        <label>Note <input name="note" data-no-draft></label>`;
      document.getElementById("main")?.append(form);
    });
    await page.getByLabel("Voucher code").fill("VOUCHER-2026", { timeout: 2_000 });
    expect(await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }))).toContain("VOUCHER-2026");
  }).toPass({ timeout: 30_000 });
  await page.getByLabel("Current PIN").fill("112358");
  await page.getByLabel("Password").fill("wonderland");
  await page.getByLabel("Card").fill("4111111111111111");
  await page.getByLabel("Note").fill("private note");
  const kept = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));
  for (const secret of ["112358", "wonderland", "4111111111111111", "private note"]) expect(kept).not.toContain(secret);

  // Signing out on purpose forgets every draft of the tab (the sign-in page it leads to does).
  await page.getByRole("button", { name: alice.fullName }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.stringify({ ...window.sessionStorage })))
    .not.toContain("VOUCHER-2026");
});

// On the shared portal (a 30-minute idle timeout): the layout knows when the
// session ends, so the page does not ask on load; the warning's own ask comes
// when it is due, two minutes before the end, by the browser's clock.
base(
  "the page comes with when the session ends: no ask on load, and the ask before the warning when it is due",
  async ({ page, signInPage }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/session") asked.push(request.method());
    });
    await page.clock.install();
    await page.goto("/reports");
    await signInPage.signInWithPin(alice.pin);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("group", { name: "My monthly summary" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);

    await page.clock.fastForward("27:00");
    await page.waitForTimeout(1_000);
    expect(asked).toEqual([]);
    await page.clock.fastForward("01:30");
    await expect.poll(() => asked).toEqual(["GET"]);
    await expect(page.getByRole("region", { name: "You will be signed out soon" })).toHaveCount(0);
  },
);
