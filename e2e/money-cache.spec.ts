import type { Page, Route } from "@playwright/test";
import { alice, expect, test as base } from "./fixtures";
import { CreditPage } from "./pages/credit-page";
import { JobsPage } from "./pages/jobs-page";

// Home, Jobs and Credit show the same figure, "available to print", from one
// entry of the tab's query cache. Moving between them in one tab shows the
// last figure at once, while the page reads it again behind it: here that
// read is held until the figure has been seen, then answered with a new
// figure, which replaces the old one.

const test = base.extend<{ jobsPage: JobsPage; creditPage: CreditPage }>({
  jobsPage: async ({ page }, use) => {
    await use(new JobsPage(page));
  },
  creditPage: async ({ page }, use) => {
    await use(new CreditPage(page));
  },
});

const moneyRoute = "**/api/account/money";

/**
 * Holds the page's reads of the money until `answer` is called, then
 * answers each with the portal's own answer, what is available to print set
 * to `available`, until `stop`. `asked` resolves with the first read.
 */
async function holdMoney(page: Page, available: number) {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let asked = () => {};
  const askedOnce = new Promise<void>((resolve) => (asked = resolve));
  const handler = async (route: Route) => {
    asked();
    await answered;
    const response = await route.fetch().catch(() => undefined);
    if (!response) return;
    const body = (await response.json()) as { credit: { availableToPrint: number } };
    body.credit.availableToPrint = available;
    await route.fulfill({ response, json: body }).catch(() => undefined);
  };
  await page.route(moneyRoute, handler);
  return { asked: askedOnce, answer, stop: () => page.unroute(moneyRoute, handler) };
}

test("Home, then Jobs, then Credit: the available figure is there at once from the cache, then read again", async ({
  page,
  homePage,
  jobsPage,
  creditPage,
}) => {
  await homePage.signInWithPin(alice.pin);
  await expect(homePage.availableToPrint).toHaveText("€25.50");
  await homePage.expectHydrated();

  // Jobs: Home's figure while the page's own read is held.
  const onJobs = await holdMoney(page, 24.5);
  await jobsPage.openFromNavigation();
  await onJobs.asked;
  await expect(jobsPage.available).toHaveText("€25.50");
  onJobs.answer();
  await expect(jobsPage.available).toHaveText("€24.50");
  await onJobs.stop();

  // Credit: the figure Jobs read last, while Credit's own read is held.
  const onCredit = await holdMoney(page, 23.5);
  await creditPage.openFromNavigation();
  await onCredit.asked;
  await expect(creditPage.available).toHaveText("€24.50");
  onCredit.answer();
  await expect(creditPage.available).toHaveText("€23.50");
  await onCredit.stop();
});
