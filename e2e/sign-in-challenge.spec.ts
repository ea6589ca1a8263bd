import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { APIRequestContext } from "@playwright/test";
import { signInRoute } from "../lib/browser-safe/form-routes";
import { alice, expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";

// After repeated failures a browser must prove some work (a self-hosted
// ALTCHA challenge) before its next attempt reaches the print server; a
// solved challenge lets exactly one attempt through, and nobody is locked out.

/** One post of the sign-in form as the form's script sends it, answered in JSON. */
function post(request: APIRequestContext, baseURL: string, fields: Record<string, string>) {
  return request.post(signInRoute, {
    form: { method: "pin", ...fields },
    headers: { accept: "application/json", origin: baseURL },
  });
}

/** A challenge from the portal, solved as the widget would, in the widget's payload form. */
async function solvedChallenge(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get("/api/challenge")).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

test("a solved challenge lets the next attempt through after repeated failures; its replay is refused", async ({
  request,
  baseURL,
}) => {
  const portal = baseURL ?? "";
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect((await post(request, portal, { pin: `70000${attempt}` })).status()).toBe(401);
  }
  const asked = await post(request, portal, { pin: alice.pin });
  expect(asked.status()).toBe(403);
  expect(await asked.json()).toMatchObject({ error: "challenge_required" });

  const payload = await solvedChallenge(request);
  const through = await post(request, portal, { pin: alice.pin, altcha: payload });
  expect(through.status()).toBe(200);
  expect(await through.json()).toEqual({ location: "/" });

  // The same solution a second time counts for nothing.
  const replayed = await post(request, portal, { pin: alice.pin, altcha: payload });
  expect(replayed.status()).toBe(403);
  expect(await replayed.json()).toMatchObject({ error: "challenge_failed" });
  // A garbled one neither.
  const garbled = await post(request, portal, { pin: alice.pin, altcha: "bm90IGEgc29sdXRpb24=" });
  expect(await garbled.json()).toMatchObject({ error: "challenge_failed" });
});

test("the sign-in form shows the challenge, which solves itself in this browser, and signs in", async ({
  page,
  signInPage,
}) => {
  await signInPage.goto();
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signInPage.signInWithPin(`60000${attempt}`);
    await expect(signInPage.alert).toContainText("PIN or password not recognised");
  }
  await signInPage.signInWithPin(alice.pin);
  await expect(signInPage.alert).toContainText("Too many attempts were made.");
  // A labelled field of the form; it starts by itself and needs no pointer.
  await expect(signInPage.challenge).toBeVisible();
  await expect(signInPage.challenge).toBeChecked({ timeout: 30_000 });
  await expect(signInPage.challenge).toHaveAccessibleName("Browser checked");
  expect(await axeViolations(page)).toEqual([]);
  await signInPage.pin.fill(alice.pin);
  await signInPage.submit();
  await page.waitForURL((url) => url.pathname === "/");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form says in a clear sentence that the next step needs JavaScript", async ({ page, signInPage }) => {
    await signInPage.goto();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await signInPage.signInWithPin(`50000${attempt}`);
      await expect(signInPage.alert).toContainText("PIN or password not recognised");
    }
    await signInPage.signInWithPin(alice.pin);
    await expect(signInPage.alert).toContainText("Too many attempts were made.");
    // Shown by the browser as it runs no scripts (Playwright's text matching skips <noscript>).
    expect(await page.getByRole("main").locator("noscript").textContent()).toContain(
      "This step needs JavaScript, which is off in this browser.",
    );
    expect(new URL(page.url()).pathname).toBe("/sign-in");
  });
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("the challenge speaks the page's language", async ({ page }) => {
    await page.goto("/sign-in");
    const pin = page.locator("input").and(page.getByLabel("PIN", { exact: true }));
    const submit = page.getByRole("tabpanel").getByRole("button", { name: "Anmelden" });
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await pin.fill(`40000${attempt}`);
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === signInRoute);
      await submit.click();
      await answered;
      // Ready again once the page has handled the refusal, which empties the PIN.
      await expect(submit).toBeEnabled();
    }
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Es gab zu viele Versuche.");
    const check = page.getByRole("tabpanel").getByRole("checkbox");
    await expect(check).toBeChecked({ timeout: 30_000 });
    await expect(check).toHaveAccessibleName("Browser geprüft");
  });
});
