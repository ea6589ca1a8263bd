import { alice, expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in-page";
import { startPrivateStack } from "./support/private-stack";
test("visual", async ({ browser }) => {
  test.setTimeout(180_000);
  const stack = await startPrivateStack();
  try {
    const context = await browser.newContext({ baseURL: stack.portalUrl, viewport: { width: 360, height: 1100 }, extraHTTPHeaders: { "x-e2e-client-address": "10.9.9.9" } });
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signInWithPin(alice.pin);
    await expect(page.getByTestId("available-to-print")).toHaveText("€25.50");
    await page.screenshot({ path: "/tmp/account-mobile.png", fullPage: true });
    await stack.stopPrintServer();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("region", { name: "Your details" }).getByRole("alert")).toBeVisible();
    await page.screenshot({ path: "/tmp/account-stale.png", fullPage: true });
    await page.route("**/api/account/money", () => {});
    await page.reload();
    await expect(page.getByRole("region", { name: "Your details" }).getByRole("alert")).toBeVisible();
    await page.screenshot({ path: "/tmp/account-error-loading.png", fullPage: true });
  } finally {
    await stack.close();
  }
});
