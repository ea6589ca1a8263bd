import { alice, expect, test } from "./fixtures";
import { preferencesRoute, signOutRoute } from "../lib/browser-safe/form-routes";

// The user menu's forms (language, theme, sign out) and the sign-in page's
// switches post to fixed routes, not to server actions: an action's id
// changes with every build, so a tab opened before an upgrade could no
// longer sign out or switch (with scripts it showed the error page, without
// them nothing happened). Whatever the build, the page's forms say the same.

/** Each form's action and hidden fields, and any field of Next.js's server actions. */
async function formsOf(page: import("@playwright/test").Page) {
  return page.locator("form").evaluateAll((forms) =>
    forms.map((form) => ({
      action: new URL((form as HTMLFormElement).action).pathname,
      method: (form as HTMLFormElement).method,
      returnTo: (form.querySelector('input[name="returnTo"]') as HTMLInputElement | null)?.value,
      actionFields: [...form.querySelectorAll("input")].filter((input) => input.name.startsWith("$ACTION")).length,
    })),
  );
}

test.describe("the layout's forms", () => {
  test("post to fixed routes with the page they are on, and work from there", async ({ page, signInPage }) => {
    await signInPage.goto("?callbackUrl=%2Freports");
    const onSignIn = await formsOf(page);
    expect(onSignIn.filter((form) => form.action === preferencesRoute)).toEqual([
      { action: preferencesRoute, method: "post", returnTo: "/sign-in?callbackUrl=%2Freports", actionFields: 0 },
      { action: preferencesRoute, method: "post", returnTo: "/sign-in?callbackUrl=%2Freports", actionFields: 0 },
    ]);
    expect(onSignIn.every((form) => form.actionFields === 0)).toBe(true);

    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/reports");
    const menuForms = await formsOf(page);
    expect(menuForms.filter((form) => [preferencesRoute, signOutRoute].includes(form.action))).toEqual([
      { action: preferencesRoute, method: "post", returnTo: "/reports", actionFields: 0 },
      { action: preferencesRoute, method: "post", returnTo: "/reports", actionFields: 0 },
      { action: signOutRoute, method: "post", returnTo: "/reports", actionFields: 0 },
    ]);
    expect(menuForms.every((form) => form.actionFields === 0)).toBe(true);

    // The theme switch comes back to the same page, now dark.
    await page.getByRole("button", { name: alice.fullName }).click();
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(new URL(page.url()).pathname).toBe("/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  });

  test("on the sign-in page switch in place: what was typed and the focus stay", async ({ page, signInPage }) => {
    await signInPage.goto();
    await signInPage.pin.fill("12");
    // Gone if the page were loaded again.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Čeština" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Přihlášení" })).toBeVisible();
    const czech = page.getByRole("group", { name: "Jazyk" }).getByRole("button", { name: "Čeština" });
    await expect(page.locator("html")).toHaveAttribute("lang", "cs");
    await expect(czech).toHaveAttribute("aria-pressed", "true");
    await expect(czech).toBeFocused();

    await page.getByRole("group", { name: "Motiv" }).getByRole("button", { name: "Tmavý" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.locator('input[name="pin"]')).toHaveValue("12");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    // Remembered: the page loaded again is Czech and dark.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Přihlášení" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  });

  test("sign out the same when sent twice at once (a double click)", async ({ page, signInPage, homePage }) => {
    await signInPage.goto();
    await signInPage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);

    const signOut = () =>
      page.request.post(signOutRoute, { form: { returnTo: "/" }, maxRedirects: 0, failOnStatusCode: false });
    const answers = await Promise.all([signOut(), signOut()]);
    expect(
      answers.map((answer) => [answer.status(), new URL(answer.headers().location ?? "", page.url()).pathname]),
    ).toEqual([
      [303, "/sign-in"],
      [303, "/sign-in"],
    ]);
    expect((await page.request.get("/api/me", { failOnStatusCode: false })).status()).toBe(401);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the user menu switches language and signs out", async ({ page, signInPage }) => {
    await page.goto("/sign-in?callbackUrl=%2Fjobs");
    await signInPage.pin.fill(alice.pin);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/jobs");

    await page.getByRole("button", { name: alice.fullName }).click();
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect(new URL(page.url()).pathname).toBe("/jobs");

    await page.getByRole("button", { name: alice.fullName }).click();
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.waitForURL((url) => url.pathname === "/sign-in" && url.searchParams.get("signedOut") === "1");
    await expect(signInPage.alert).toHaveText("Sie haben sich abgemeldet.");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  });
});
