import { test as base, expect } from "./fixtures";
import { JobsPage } from "./pages/jobs-page";
import { startPrivateStack, type PrivateStack } from "./support/private-stack";

// The scale user of `serve --scale 1` has 2,000 jobs waiting (seed-scale.ts:
// "Document 0001.pdf" the newest, one every 30 seconds before it), on a print
// server of the worker's own: nothing here changes what other tests see, but
// the shared print server has no such user.
const scaleUser = { pin: "1000001" };

const test = base.extend<{ jobsPage: JobsPage }, { scaleStack: PrivateStack }>({
  scaleStack: [
    async ({}, use) => {
      const stack = await startPrivateStack({ printServerArgs: ["--scale", "1"] });
      await use(stack);
      await stack.close();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ scaleStack }, use) => {
    await use(scaleStack.portalUrl);
  },
  jobsPage: async ({ page }, use) => {
    await use(new JobsPage(page));
  },
});

test("2,000 waiting jobs: 50 at a time, newest first, Show more for the next 50; select all says how many it takes", async ({
  page,
  jobsPage,
}) => {
  await jobsPage.signInWithPin(scaleUser.pin);

  const rows = jobsPage.waiting.getByRole("group");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveAccessibleName("Document 0001.pdf");
  await expect(rows.last()).toHaveAccessibleName("Document 0050.pdf");

  // A row not drawn yet (far below) keeps about a drawn row's room: rows drawn
  // as the click scrolls to "Show more" must not move it between mouse down
  // and up, which loses the click (as it would a tap).
  const items = jobsPage.waiting.getByRole("listitem");
  const roomOf = async (index: number) => (await items.nth(index).boundingBox())?.height ?? Number.NaN;
  expect(Math.abs((await roomOf(48)) - (await roomOf(1)))).toBeLessThanOrEqual(8);

  await jobsPage.waiting.getByRole("button", { name: /^Show more \(50 of 2,000\)$/ }).click();
  await expect(rows).toHaveCount(100);
  await expect(rows.nth(50)).toHaveAccessibleName("Document 0051.pdf");
  // More to come: the button stays, and so does the focus.
  const showMore = jobsPage.waiting.getByRole("button", { name: /^Show more \(100 of 2,000\)$/ });
  await expect(showMore).toBeEnabled();
  await expect(showMore).toBeFocused();

  // Select all takes the jobs shown, and says so: not the 1,900 not loaded yet.
  await jobsPage.waiting.getByRole("checkbox", { name: "Select the 100 shown of 2,000 waiting jobs" }).check();
  await expect(page.getByRole("region", { name: "Selected jobs" })).toContainText(/^100 jobs, /);
});

test("Show more that reads the list's last page hands its focus to the first job it brought", async ({
  page,
  jobsPage,
}) => {
  // The same 2,000 jobs, told to be a list of 100: the first Show more reads its last page.
  await page.route("**/api/jobs?list=waiting*", async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), count: 100 } });
  });
  // At a slow phone's speed the board renders again (the balance, the printers)
  // before the read's own render, and that render must not drop the hand-over.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await jobsPage.signInWithPin(scaleUser.pin);

  const showMore = jobsPage.waiting.getByRole("button", { name: /^Show more \(50 of 100\)$/ });
  await showMore.focus();
  await page.keyboard.press("Enter");
  await expect(jobsPage.waiting.getByRole("group")).toHaveCount(100);
  await expect(showMore).toBeHidden();
  await expect(jobsPage.waiting.getByRole("checkbox", { name: "Document 0051.pdf" })).toBeFocused();
});
