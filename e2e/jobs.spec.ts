import { axeViolations } from "./support/axe";
import { jobsTest as test } from "./support/jobs-test";
import { requestsFor, requestsForEach } from "./support/preloaded-read";
import { setPrices, setPrinterMode } from "./support/print-server-cli";
import type { JobsPage } from "./pages/jobs-page";
import { layoutShifts, phoneProblems, shiftScore } from "./pages/phone-layout";
import { alice, bob, expect } from "./fixtures";

// A walk through the Jobs page, on desktop and on a phone, each
// project against its own print server. The tests of this file take turns
// and build on each other's changes to alice's jobs, as a person's day would.
test.describe.configure({ mode: "serial" });

const demoPrinters = { reception: 1, financeMfp: 2, warehouse: 3 };

/** alice on the Jobs page with Reception chosen; answers what she has available to print. */
async function aliceAtReception(jobsPage: JobsPage): Promise<number> {
  await jobsPage.signInWithPin(alice.pin);
  await jobsPage.choosePrinter("Reception");
  return jobsPage.availableAmount();
}

test.describe("jobs", () => {
  test("bob never sees alice's jobs", async ({ jobsPage }) => {
    await jobsPage.signInWithPin(bob.pin);
    await expect(jobsPage.job(jobsPage.waiting, "Site plan.pdf")).toBeVisible();
    await expect(jobsPage.job(jobsPage.waiting, "Timesheet.xlsx")).toBeVisible();
    // Everyone's print history has common names; alice's waiting jobs and favourite are hers alone.
    await expect(jobsPage.waiting.getByRole("group")).toHaveCount(2);
    await expect(jobsPage.favorites).toBeVisible();
    await expect(jobsPage.job(jobsPage.favorites, "Expense form.xlsx")).toHaveCount(0);
  });

  test("a job says when it was sent and when it goes as people say it: yesterday, tomorrow, or the date", async ({
    page,
    jobsPage,
  }) => {
    // The demo's jobs were all sent today: the answer is told that one was sent
    // yesterday and goes tomorrow, the other sent three days ago.
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    await page.route("**/api/jobs?list=waiting*", async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { jobs: { name: string }[] };
      const jobs = body.jobs.map((job) =>
        job.name === "Site plan.pdf"
          ? { ...job, submittedAt: at(-1), expiresAt: at(1) }
          : { ...job, submittedAt: at(-3), expiresAt: at(3) },
      );
      await route.fulfill({ response: answer, json: { ...body, jobs } });
    });
    await jobsPage.signInWithPin(bob.pin);
    const clock = String.raw`\d{1,2}:\d{2}\s[AP]M`;
    const date = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, ${clock}`;
    const sitePlan = jobsPage.job(jobsPage.waiting, "Site plan.pdf");
    await expect(sitePlan).toContainText(new RegExp(`Sent yesterday at ${clock} ·`));
    await expect(sitePlan).toContainText(new RegExp(`Deleted tomorrow at ${clock} unless printed`));
    const timesheet = jobsPage.job(jobsPage.waiting, "Timesheet.xlsx");
    await expect(timesheet).toContainText(new RegExp(`Sent on ${date} ·`));
    await expect(timesheet).toContainText(new RegExp(`Deleted on ${date} unless printed`));
  });

  test.describe("at the reader's midnight", () => {
    test.use({ timezoneId: "Europe/Prague" });

    test("a page left open says yesterday for what it said today", async ({ page, jobsPage }) => {
      // The browser's clock five minutes before a Prague midnight; Site plan
      // sent ten minutes before that, going in twelve hours.
      const shown = Date.parse("2026-12-01T23:55:00+01:00");
      await jobsPage.signInWithPin(bob.pin);
      await page.route("**/api/jobs?list=waiting*", async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { jobs: { name: string }[] };
        const jobs = body.jobs.map((job) =>
          job.name === "Site plan.pdf"
            ? {
                ...job,
                submittedAt: new Date(shown - 10 * 60_000).toISOString(),
                expiresAt: new Date(shown + 12 * 3_600_000).toISOString(),
              }
            : job,
        );
        await route.fulfill({ response: answer, json: { ...body, jobs } });
      });
      await page.clock.install({ time: shown });
      await jobsPage.goto();
      const sitePlan = jobsPage.job(jobsPage.waiting, "Site plan.pdf");
      await expect(sitePlan).toContainText("Sent at 11:45 PM ·");
      await expect(sitePlan).toContainText("Deleted tomorrow at 11:55 AM unless printed");
      // Ten minutes on, nothing read again: the words follow the calendar.
      await page.clock.fastForward("10:00");
      await expect(sitePlan).toContainText("Sent yesterday at 11:45 PM ·");
      await expect(sitePlan).toContainText("Deleted today at 11:55 AM unless printed");
      // A laptop asleep over the next midnight: its timers did not run, and
      // the day is checked again as the tab comes back to the front.
      await page.clock.setSystemTime(shown + 24 * 3_600_000 + 10 * 60_000);
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await expect(sitePlan).toContainText("Sent on Dec 1, 2026, 11:45 PM ·");
      await expect(sitePlan).toContainText("Deleted on Dec 2, 2026, 11:55 AM unless printed");
      // The tab's return reads the list again: no answer is rewritten once the test is over.
      await page.unrouteAll({ behavior: "ignoreErrors" });
    });
  });

  test("the browser reads the waiting list and the money alongside the page's scripts, and only once", async ({
    page,
    jobsPage,
  }) => {
    await jobsPage.signInWithPin(bob.pin);
    const sitePlan = jobsPage.job(jobsPage.waiting, "Site plan.pdf");
    // The page sign-in opened has read its list: what follows is the reload's alone.
    await expect(sitePlan).toBeVisible();
    const firstReads = ["/api/jobs?list=waiting&start=0", "/api/account/money"];
    const requests = await requestsForEach(page, firstReads, async () => {
      await page.reload();
      await expect(sitePlan).toBeVisible();
      await expect(jobsPage.available).toHaveText(/\d/);
    });
    // One request each, the head's preloads: the board's fetch() took their answers.
    expect(requests).toEqual(Object.fromEntries(firstReads.map((path) => [path, ["other"]])));
    // The rows came with their costs, so nothing moved as the money came.
    await expect(sitePlan).toContainText("€");
    expect(await layoutShifts(page)).toEqual([]);
  });

  test("a balance that does not come holds the lists only briefly: they show without costs", async ({
    page,
    jobsPage,
  }) => {
    await jobsPage.signInWithPin(bob.pin);
    await expect(jobsPage.available).toHaveText(/\d/);
    // The money route never answers, the head's preload included.
    await page.route("**/api/account/money", () => new Promise(() => {}));
    const started = Date.now();
    await page.reload();
    const sitePlan = jobsPage.job(jobsPage.waiting, "Site plan.pdf");
    await expect(sitePlan).toBeVisible();
    // The rows waited for it (they come with their costs when it answers), but not for long.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    await expect(sitePlan).toContainText("3 pages");
    await expect(sitePlan).not.toContainText("€");
    await expect(jobsPage.available).toHaveText("…");
  });

  test("the Jobs page is in the navigation, shows each job's facts, and Warehouse cannot be chosen", async ({
    page,
    signInPage,
    jobsPage,
  }) => {
    await signInPage.signInWithPinTo("/", alice.pin);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" }).click();
    await page.waitForURL((url) => url.pathname === "/jobs");

    const report = jobsPage.job(jobsPage.waiting, "Quarterly report.pdf");
    await expect(report).toContainText("12 pages");
    await expect(report).toContainText("Colour");
    await expect(report).toContainText("Two-sided");
    await expect(report).toContainText("1 copy");
    await expect(report).toContainText("1.68");
    await expect(report).toContainText(/Deleted (today|tomorrow) at .+ unless printed/);
    await expect(jobsPage.job(jobsPage.favorites, "Expense form.xlsx")).toBeVisible();

    await jobsPage.printerSearch.fill("ware");
    const warehouse = page.getByRole("radio", { name: /^Warehouse/ });
    await expect(warehouse).toBeDisabled();
    await expect(warehouse).toHaveAccessibleName(/offline/);
    // Search by location finds the same printers.
    await jobsPage.printerSearch.fill("2nd floor");
    await expect(page.getByRole("radio", { name: /^Finance MFP/ })).toBeEnabled();

    expect(await axeViolations(page)).toEqual([]);
    expect(await phoneProblems(page)).toEqual([]);
  });

  test("a favourite stays after reload", async ({ page, jobsPage }) => {
    await jobsPage.signInWithPin(alice.pin);
    await jobsPage
      .job(jobsPage.waiting, "Quarterly report.pdf")
      .getByRole("button", { name: "Mark favourite" })
      .click();
    await expect(jobsPage.job(jobsPage.favorites, "Quarterly report.pdf")).toBeVisible();
    await page.reload();
    await expect(jobsPage.job(jobsPage.favorites, "Quarterly report.pdf")).toBeVisible();
    await expect(
      jobsPage.job(jobsPage.waiting, "Quarterly report.pdf").getByRole("button", { name: "Unmark favourite" }),
    ).toBeVisible();

    // Unmarked in Favourites, the row leaves that list with the focus: its heading takes it, not the page.
    await jobsPage
      .job(jobsPage.favorites, "Quarterly report.pdf")
      .getByRole("button", { name: "Unmark favourite" })
      .click();
    await expect(jobsPage.job(jobsPage.favorites, "Quarterly report.pdf")).toHaveCount(0);
    await expect(jobsPage.favorites.getByRole("heading", { name: "Favourites" })).toBeFocused();
    await jobsPage
      .job(jobsPage.waiting, "Quarterly report.pdf")
      .getByRole("button", { name: "Mark favourite" })
      .click();
    await expect(jobsPage.job(jobsPage.favorites, "Quarterly report.pdf")).toBeVisible();
  });

  test("alice releases Boarding pass.pdf at Reception, sees it printed and her available amount fall by its cost, once for a double tap", async ({
    page,
    jobsPage,
  }) => {
    await jobsPage.signInWithPin(alice.pin);
    const before = await jobsPage.availableAmount();
    // Her print history has earlier boarding passes: this one joins them.
    await expect(jobsPage.printed.getByRole("list")).toBeVisible();
    const printedBefore = await jobsPage.job(jobsPage.printed, "Boarding pass.pdf").count();

    await jobsPage.select("Boarding pass.pdf");
    await expect(page.getByRole("region", { name: "Selected jobs" })).toContainText(/1 job, .*0\.05 of .* available/);
    await jobsPage.choosePrinter("Reception");
    await jobsPage.release({ doubleTap: true });
    // The selection's bar went with the release: the focus is at the list the job leaves, not the page's top.
    await expect(jobsPage.waiting.getByRole("heading", { name: "Waiting to print" })).toBeFocused();

    const progress = jobsPage.progressOf("Boarding pass.pdf");
    await expect(progress).toContainText(/Printing\.\.\.|Printed/);
    await expect(progress).toContainText("Printed");
    await expect(page.getByRole("status").filter({ hasText: "Boarding pass.pdf printed." })).toHaveCount(1);
    await expect.poll(() => jobsPage.availableAmount()).toBeCloseTo(before - 0.05, 2);
    await expect(jobsPage.job(jobsPage.waiting, "Boarding pass.pdf")).toHaveCount(0);
    await expect(jobsPage.job(jobsPage.printed, "Boarding pass.pdf")).toHaveCount(printedBefore + 1);
    // Charged once: a little later the amount is still the same.
    await page.waitForTimeout(1500);
    await page.reload();
    expect(await jobsPage.availableAmount()).toBeCloseTo(before - 0.05, 2);
  });

  test("alice deletes Team photo.jpg after a confirmation that names it", async ({ page, jobsPage }) => {
    await jobsPage.signInWithPin(alice.pin);
    await jobsPage.job(jobsPage.waiting, "Team photo.jpg").getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this job?" });
    await expect(dialog).toContainText("Team photo.jpg");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(jobsPage.job(jobsPage.waiting, "Team photo.jpg")).toHaveCount(0);
    // The row left with the focus (given back to its Delete): its list's heading has it now.
    await expect(jobsPage.waiting.getByRole("heading", { name: "Waiting to print" })).toBeFocused();
    await page.reload();
    await expect(jobsPage.job(jobsPage.waiting, "Quarterly report.pdf")).toBeVisible();
    await expect(page.getByText("Team photo.jpg")).toHaveCount(0);
  });

  test("at Finance MFP's label, Release all prints everything waiting", async ({ page, signInPage, jobsPage }) => {
    const label = `/jobs?printer=${demoPrinters.financeMfp}`;
    await page.goto(label);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    const requests = await requestsFor(page, "/api/printers", async () => {
      await signInPage.signInWithPin(alice.pin);
      await page.waitForURL((url) => url.pathname === "/jobs" && url.search === `?printer=${demoPrinters.financeMfp}`);
      await expect(page.getByText("1 job waiting")).toBeVisible();
    });
    // The printer, which the page is for, is read from the head too.
    expect(requests).toEqual(["other"]);

    const releaseAll = page.getByRole("button", { name: "Release all at Finance MFP" });
    // Its place was kept while it loaded, so the lists under a thumb do not
    // jump down as it comes.
    // What may move is below the list, which the loading list's three rows
    // held for alice's one job.
    await expect(page.getByRole("main").locator('[aria-busy="true"]')).toHaveCount(0);
    const shifts = await layoutShifts(page);
    expect(shiftScore(shifts), JSON.stringify(shifts)).toBeLessThan(0.05);
    expect(await phoneProblems(page)).toEqual([]);
    const before = await jobsPage.availableAmount();
    await releaseAll.click();
    await expect(jobsPage.progressOf("Quarterly report.pdf")).toContainText("Printed");
    await expect(jobsPage.waiting).toContainText("Nothing is waiting");
    await expect(releaseAll).toBeDisabled();
    // Unavailable now, it kept the focus of whoever pressed it.
    await expect(releaseAll).toBeFocused();
    // The amount follows without a reload: 12 colour pages, two-sided.
    await expect.poll(() => jobsPage.availableAmount()).toBeCloseTo(before - 1.68, 2);
  });

  test("alice reprints a favourite and a printed job; her available amount falls by each", async ({
    page,
    jobsPage,
  }) => {
    const before = await aliceAtReception(jobsPage);

    // The favourite printed three days ago: 2 mono pages.
    const favourite = jobsPage.job(jobsPage.favorites, "Expense form.xlsx");
    await jobsPage.reprint(favourite);
    await expect(jobsPage.progressOf("Expense form.xlsx")).toContainText("Printed");
    // "Print now" gave the focus back to the Reprint pressed (unavailable while it ran, not disabled).
    await expect(favourite.getByRole("button", { name: "Reprint" })).toBeFocused();
    await expect.poll(() => jobsPage.availableAmount()).toBeCloseTo(before - 0.1, 2);

    // A printed job kept for reprint: a boarding pass, 1 mono page.
    await jobsPage.reprint(jobsPage.job(jobsPage.printed, "Boarding pass.pdf").first());
    await expect(jobsPage.progressOf("Boarding pass.pdf")).toContainText("Printed");
    await expect.poll(() => jobsPage.availableAmount()).toBeCloseTo(before - 0.15, 2);
    // Reprinted, still kept: the favourite stays a favourite.
    await page.reload();
    await expect(jobsPage.job(jobsPage.favorites, "Expense form.xlsx")).toBeVisible();
    expect(await jobsPage.availableAmount()).toBeCloseTo(before - 0.15, 2);
  });

  test("Reprint far down the page with no printer chosen says so at the printer choice, in view and with the focus", async ({
    page,
    jobsPage,
  }) => {
    // A new browser: no printer used last, none chosen.
    await jobsPage.signInWithPin(alice.pin);
    await jobsPage.job(jobsPage.printed, "Boarding pass.pdf").first().getByRole("button", { name: "Reprint" }).click();
    const asked = page.getByRole("alert").filter({ hasText: "Choose a printer first." });
    await expect(asked).toBeInViewport();
    await expect(page.locator(":focus")).toHaveText("Choose a printer first.");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    // Asked again (a second tap): still said once, and focused again.
    await page.locator(":focus").blur();
    await jobsPage.job(jobsPage.printed, "Boarding pass.pdf").first().getByRole("button", { name: "Reprint" }).click();
    await expect(asked).toHaveCount(1);
    await expect(page.locator(":focus")).toHaveText("Choose a printer first.");
    await jobsPage.choosePrinter("Reception");
    await expect(asked).toHaveCount(0);
  });

  test("print options at release: copies, sides and black and white start as the job was sent, and the charge follows them", async ({
    page,
    jobsPage,
  }) => {
    const before = await aliceAtReception(jobsPage);

    // A mono job cannot print in colour: black and white is set, and not a choice.
    await jobsPage.job(jobsPage.favorites, "Expense form.xlsx").getByRole("button", { name: "Reprint" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("checkbox", { name: "Black and white (mono)" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Black and white (mono)" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The quarterly report (a favourite since the morning): 12 colour pages, two-sided, 1.68 as sent.
    await jobsPage.job(jobsPage.favorites, "Quarterly report.pdf").getByRole("button", { name: "Reprint" }).click();
    const copies = dialog.getByRole("spinbutton", { name: "Copies" });
    await expect(copies).toHaveValue("1");
    await expect(dialog.getByRole("radio", { name: "Two-sided" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Black and white (mono)" })).not.toBeChecked();
    await expect(dialog).toContainText(/1\.68 is charged when it prints\./);
    await copies.fill("0");
    await expect(dialog).toContainText("Copies: a whole number from 1 to 99.");
    await expect(dialog.getByRole("button", { name: "Print now" })).toBeDisabled();
    await copies.fill("2");
    await expect(dialog).toContainText(/3\.36 is charged when it prints\./);
    await dialog.getByRole("radio", { name: "One-sided" }).check();
    await dialog.getByRole("checkbox", { name: "Black and white (mono)" }).check();
    await expect(dialog).toContainText(/About .*3\.36: black and white or other sides change the cost\./);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Print now" }).click();

    // Charged as printed: 2 copies of 12 mono pages, one-sided.
    await expect(jobsPage.progressOf("Quarterly report.pdf")).toContainText("Printed");
    await expect.poll(() => jobsPage.availableAmount()).toBeCloseTo(before - 1.2, 2);
  });

  test("a printer that goes offline after it was chosen: the release says so in plain words and prints nothing", async ({
    page,
    jobsPage,
    jobsStack,
  }) => {
    // Two runs of the print server's CLI (tsx) on a busy machine.
    test.setTimeout(120_000);
    const before = await aliceAtReception(jobsPage);
    await setPrinterMode(demoPrinters.reception, "offline", jobsStack.printServerData);
    try {
      await jobsPage.reprint(jobsPage.job(jobsPage.favorites, "Expense form.xlsx"));
      await expect(page.getByRole("main").getByRole("alert")).toContainText(
        "That printer cannot print right now. Choose another printer.",
      );
      // The printer list is read again: Reception is shown offline, and cannot be chosen.
      const reception = page.getByRole("radio", { name: /^Reception/ });
      await expect(reception).toBeDisabled();
      await expect(reception).toHaveAccessibleName(/offline/);
      await expect(jobsPage.progress).toHaveCount(0);
      await page.reload();
      expect(await jobsPage.availableAmount()).toBeCloseTo(before, 2);
    } finally {
      await setPrinterMode(demoPrinters.reception, "online", jobsStack.printServerData);
    }
  });

  test("a label of a printer that cannot print says why and offers another", async ({ page, signInPage, jobsPage }) => {
    await signInPage.goto(`?callbackUrl=${encodeURIComponent(`/jobs?printer=${demoPrinters.warehouse}`)}`);
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/jobs");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Warehouse cannot print: offline");
    await expect(page.getByRole("button", { name: /Release all/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Choose another printer" }).click();
    await page.waitForURL((url) => url.pathname === "/jobs" && url.search === "");
    await expect(jobsPage.printerSearch).toBeVisible();
  });

  test("fits a 360 px phone and a frame (?embed=1) without problems", async ({ page, signInPage, jobsPage }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInPage.goto("?callbackUrl=%2Fjobs%3Fembed%3D1");
    await signInPage.signInWithPin(alice.pin);
    await page.waitForURL((url) => url.pathname === "/jobs");
    await jobsPage.goto("?embed=1");
    // In a frame: one slim row of sections (no phone bar), its links staying in the frame.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" })).toHaveAttribute(
      "href",
      /embed=1/,
    );
    await expect(jobsPage.printed).toBeVisible();
    expect(await phoneProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("bob's selection says before release that it is not enough, and the release says so in plain words", async ({
    page,
    jobsPage,
    jobsStack,
  }) => {
    // Two runs of the print server's CLI (tsx) on a busy machine.
    test.setTimeout(120_000);
    // Dear prices: Site plan.pdf (3 mono pages, two-sided) costs 2.98 and Timesheet.xlsx 1.00; bob has 3.20.
    await setPrices({ mono: "1", colour: "3", duplexDiscount: "0.02" }, jobsStack.printServerData);
    try {
      await jobsPage.signInWithPin(bob.pin);
      const selection = page.getByRole("region", { name: "Selected jobs" });
      await jobsPage.select("Timesheet.xlsx");
      await expect(selection).toContainText(/1 job, .*1\.00 of .*3\.20 available/);
      await expect(selection.getByRole("alert")).toHaveCount(0);
      await jobsPage.select("Site plan.pdf");
      await expect(selection).toContainText(/2 jobs, .*3\.98 of .*3\.20 available/);
      await expect(selection.getByRole("alert")).toContainText(
        /^Not enough credit for these: €0\.78 more is needed\. Add credit or choose fewer jobs\.$/,
      );

      // Released all the same, the print server refuses the whole release before anything prints.
      await jobsPage.choosePrinter("Reception");
      await jobsPage.release();
      await expect(
        page.getByRole("main").getByRole("alert").filter({ hasText: "Not enough credit to print all of these." }),
      ).toHaveText("Not enough credit to print all of these. Add credit or choose fewer jobs.");
      await page.reload();
      await expect(jobsPage.job(jobsPage.waiting, "Site plan.pdf")).toBeVisible();
      await expect(jobsPage.job(jobsPage.waiting, "Timesheet.xlsx")).toBeVisible();
      expect(await jobsPage.availableAmount()).toBeCloseTo(3.2, 2);
    } finally {
      await setPrices({ mono: "0.05", colour: "0.15", duplexDiscount: "0.02" }, jobsStack.printServerData);
    }
  });
});
