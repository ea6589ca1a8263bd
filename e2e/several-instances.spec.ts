import { alice, expect, test } from "./fixtures";
import { stack, tokenLifetimeSeconds } from "./support/stack-env";

// Two portal instances share sessions through Redis: a person signed in on one
// is signed in on the other, a refresh on one is seen by the other, and
// signing out on one ends the session on both. (Cookies ignore the port, so
// the browser sends the same session cookie to both.)

test("a session works on every instance behind the load balancer", async ({ page, signInPage, homePage }) => {
  test.setTimeout(120_000);
  const [first, second] = stack.sharedPortalUrls() as [string, string];

  await page.goto(`${first}/sign-in`);
  await signInPage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);

  await page.goto(`${second}/`);
  await homePage.expectGreeting(alice.fullName);

  // Across more than one token lifetime, requests alternate between the two
  // instances in parallel; the refresh happens once and both use its result.
  const until = Date.now() + 1.5 * tokenLifetimeSeconds * 1000;
  while (Date.now() < until) {
    const answers = await Promise.all(
      [first, second, first, second].map((origin) => page.request.get(`${origin}/api/me`)),
    );
    expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200, 200]);
    await page.waitForTimeout(2_000);
  }

  await homePage.signOut(alice.fullName);
  await page.goto(`${first}/`);
  await expect(page).toHaveURL(/\/sign-in/);
});
