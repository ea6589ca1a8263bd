import type { Page } from "@playwright/test";
import { alice, bob, expect, test } from "./fixtures";
import { revokeTokensOf } from "./support/print-server-cli";
import { startPrivateStack } from "./support/private-stack";
import { tokenLifetimeSeconds } from "./support/stack-env";

/** Fires `count` requests for the profile at once from the page, like a busy screen. */
async function parallelProfileRequests(page: Page, count: number): Promise<{ status: number; fullName?: string }[]> {
  return page.evaluate(async (n) => {
    const answers = await Promise.all(Array.from({ length: n }, () => fetch("/api/me", { cache: "no-store" })));
    return Promise.all(
      answers.map(async (answer) => ({
        status: answer.status,
        fullName: ((await answer.json()) as { fullName?: string }).fullName,
      })),
    );
  }, count);
}

test.describe("sessions", () => {
  test("stay signed in past several token lifetimes while parallel requests run", async ({ page, homePage }) => {
    test.setTimeout(180_000);
    await homePage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);

    // Four token lifetimes; every few seconds a burst of parallel requests,
    // so several bursts fall on a due refresh.
    const until = Date.now() + 4 * tokenLifetimeSeconds * 1000;
    let rounds = 0;
    while (Date.now() < until) {
      const answers = await parallelProfileRequests(page, 6);
      expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200, fullName: alice.fullName })));
      rounds += 1;
      if (rounds % 3 === 0) {
        await page.reload();
        await homePage.expectGreeting(alice.fullName);
      }
      await page.waitForTimeout(3_000);
    }
    await page.reload();
    await homePage.expectGreeting(alice.fullName);
    // At least a burst per token lifetime (about 20 on a quiet machine; a busy one manages fewer).
    expect(rounds).toBeGreaterThanOrEqual(4);
  });

  test("a session whose refresh fails ends with a message and comes back after sign-in", async ({
    page,
    signInPage,
    homePage,
  }) => {
    test.setTimeout(150_000);
    // A print server of its own: revoking a user's tokens on the shared one
    // would end the sessions of tests running beside this one.
    const isolated = await startPrivateStack({
      printServerEnv: { PRINT_SERVER_TOKEN_LIFETIME: String(tokenLifetimeSeconds) },
    });
    try {
      await page.goto(`${isolated.portalUrl}/sign-in`);
      await signInPage.signInWithPassword(bob.username, bob.password);
      await homePage.expectGreeting(bob.fullName);

      await revokeTokensOf(bob.username, isolated.printServerData);

      // The next page after the refresh falls due finds the session over.
      await expect(async () => {
        await page.goto(`${isolated.portalUrl}/?after=revoke`);
        expect(new URL(page.url()).pathname).toBe("/sign-in");
      }).toPass({ timeout: 3 * tokenLifetimeSeconds * 1000, intervals: [1_000] });
      await expect(signInPage.alert).toContainText("Your session has ended. Please sign in again");

      await signInPage.signInWithPassword(bob.username, bob.password);
      await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("after") === "revoke");
      await homePage.expectGreeting(bob.fullName);
    } finally {
      await isolated.close();
    }
  });

  test("signing out ends the session at once, even for a copy of the cookie", async ({ page, context, homePage }) => {
    await homePage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);
    const cookiesBefore = await context.cookies();

    await homePage.signOut(alice.fullName);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in/);

    // Replaying the old cookie finds no session behind it.
    await context.addCookies(cookiesBefore);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in/);
    const answer = await page.request.get("/api/me");
    expect(answer.status()).toBe(401);
  });

  test("route handlers check the session themselves", async ({ request }) => {
    const answer = await request.get("/api/me");
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toEqual({ error: "unauthenticated", message: "Please sign in to continue." });
  });
});
