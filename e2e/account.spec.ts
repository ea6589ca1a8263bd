import { alice, bob, carol, expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { consoleErrors } from "./support/console-errors";
import { privateStackTest } from "./support/own-stack-test";
import { stack } from "./support/stack-env";

// The account overview on the home page, against the demo data of
// the print server: alice 25.50 EUR and a monthly quota of 500 pages with
// two aliases, bob 3.20 EUR, carol 0.00 EUR.

test.describe("the account overview", () => {
  test("alice sees her name, aliases, balance in euros and quota", async ({ page, homePage }) => {
    await homePage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);

    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await expect(homePage.balance.getByRole("listitem").filter({ hasText: "Personal credit" })).toContainText("€25.50");

    const quota = homePage.quotaMeter("Monthly quota");
    await expect(quota).toHaveAttribute("aria-valuemax", "500");
    const left = Number(await quota.getAttribute("aria-valuenow"));
    expect(left).toBeGreaterThanOrEqual(0);
    // The demo data has alice print in the month (UTC) it is made; a run that
    // goes past a month's end finds her quota whole again, as she would.
    const monthTurned = new Date().toISOString().slice(0, 7) !== stack.seededAt().toISOString().slice(0, 7);
    expect(left < 500, "alice has printed this month").toBe(!monthTurned);
    await expect(homePage.balance).toContainText(`${left} of 500 pages left this month`);
    await expect(quota).toHaveAttribute("aria-valuetext", `${left} of 500 pages left this month`);

    await expect(homePage.profileValue("Name")).toHaveText(alice.fullName);
    await expect(homePage.profileValue("User name")).toHaveText(alice.username);
    await expect(homePage.profileValue("Email")).toHaveText("alice@example.com");
    await expect(homePage.profileValue("Aliases").getByRole("listitem")).toHaveText(["a.liddell", "alice.l"]);
    await expect(homePage.lastUpdated).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });

  test("the available figure is the largest thing on the page", async ({ page, homePage }) => {
    await homePage.signInWithPin(alice.pin);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    const sizes = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((element) => element.childElementCount === 0 && element.textContent?.trim())
        .map((element) => ({
          text: element.textContent!.trim(),
          size: parseFloat(getComputedStyle(element).fontSize),
        })),
    );
    const largest = Math.max(...sizes.map((entry) => entry.size));
    expect(sizes.filter((entry) => entry.size === largest).map((entry) => entry.text)).toEqual(["€25.50"]);
  });

  test("Refresh reloads the figures and moves the last updated time", async ({ page, homePage }) => {
    await homePage.signInWithPin(alice.pin);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    const before = await homePage.lastUpdated.textContent();
    // The time shows seconds; wait past the current second so a refresh must change it.
    await page.waitForTimeout(1_100);
    const balanceAnswer = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/api/account/money");
    await homePage.refresh();
    expect((await balanceAnswer).status()).toBe(200);
    await expect(homePage.lastUpdated).not.toHaveText(before ?? "");
    await expect(homePage.availableToPrint).toHaveText("€25.50");
  });

  test("balances are fetched again when the window regains focus", async ({ page, homePage }) => {
    await homePage.signInWithPin(alice.pin);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await homePage.expectHydrated();
    const again = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/api/account/money");
    // What a browser fires when the person comes back to the tab.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    expect((await again).status()).toBe(200);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
  });

  test("bob sees his own data and never alice's", async ({ page, signInPage, homePage }) => {
    // Every answer the browser gets: the API's, and the pages' (their HTML
    // and navigations carry the figures the server read for them).
    const answers: string[] = [];
    page.on("response", async (answer) => {
      if (["document", "fetch", "xhr"].includes(answer.request().resourceType()))
        answers.push(await answer.text().catch(() => ""));
    });
    await signInPage.goto();
    await signInPage.signInWithPassword(bob.username, bob.password);
    await homePage.expectGreeting(bob.fullName);

    await expect(homePage.availableToPrint).toHaveText("€3.20");
    await expect(homePage.profileValue("Name")).toHaveText(bob.fullName);
    await expect(homePage.profileValue("Email")).toHaveText("bob@example.com");
    await expect(homePage.profileValue("Aliases")).toHaveText("None");
    // Bob has no quota account: the server has quotas on, so the panel says so.
    await expect(homePage.balance).toContainText("You have no page quota.");
    await expect(homePage.quotaMeter("Monthly quota")).toHaveCount(0);

    const everything = `${await page.locator("body").innerText()}\n${answers.join("\n")}`;
    for (const trace of ["Alice", "alice", "a.liddell", "alice.l", "25.5"]) expect(everything).not.toContain(trace);
  });

  test("carol sees a zero balance as €0.00", async ({ signInPage, homePage }) => {
    await signInPage.goto();
    await signInPage.signInWithPassword(carol.username, carol.password);
    await homePage.expectGreeting(carol.fullName);
    await expect(homePage.availableToPrint).toHaveText("€0.00");
    await expect(homePage.profileValue("Name")).toHaveText(carol.fullName);
  });

  test("the browser receives only the fields the page shows", async ({ page, homePage }) => {
    await homePage.signInWithPin(alice.pin);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    const answer = await page.request.get("/api/account/money");
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["credit", "currency", "quota"]);
    const text = JSON.stringify(body);
    for (const hidden of ["reference", "quota-monthly", "userId", '"id"', "token"]) expect(text).not.toContain(hidden);
  });

  test("the money route checks the session itself", async ({ request }) => {
    const answer = await request.get("/api/account/money");
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toEqual({ error: "unauthenticated", message: "Please sign in to continue." });
  });

  test("has no accessibility violations and fits a 360 px wide screen", async ({ page, homePage }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await homePage.signInWithPin(alice.pin);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await expect(homePage.profileValue("Aliases").getByRole("listitem")).toHaveCount(2);
    const overflow = await page.locator("main").evaluate((main) => main.scrollWidth - main.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

// A browser far from the server's time zone: hydration must find the
// server's HTML as it would write it itself ("Last updated" waits for it).
test.describe("the home page in a browser in another time zone", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("the figures come with the page: in its HTML, not read again by the browser, and hydrated without an error", async ({
    page,
    homePage,
  }) => {
    const errors = consoleErrors(page);
    const reads: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/api/account/money" || path === "/api/me") reads.push(path);
    });
    await homePage.signInWithPin(alice.pin);
    await homePage.expectHydrated();
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await expect(homePage.profileValue("Email")).toHaveText("alice@example.com");
    expect(reads).toEqual([]);

    const html = await (await page.request.get("/")).text();
    expect(html).toContain("€25.50");
    expect(html).toContain("alice@example.com");
    // Only what the routes would answer: no account references of the print server.
    for (const upstreamOnly of ["internalaccount", "quota-monthly"]) expect(html).not.toContain(upstreamOnly);
    expect(errors).toEqual([]);
  });
});

// Stopping the shared print server would break tests running beside this one,
// so the outage gets a print server and portal of its own; so does a portal
// that asks for fewer rights.
const outageTest = privateStackTest();
const slowTest = privateStackTest({ faultProxy: true });
const noCreditTest = privateStackTest({ portalEnv: { PRINT_SERVER_SCOPES: "users reports offline.access" } });

noCreditTest(
  "a portal not allowed to read balances says so in plain words, and the rest of the page works",
  async ({ homePage }) => {
    await homePage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);
    await expect(homePage.balance.getByRole("alert")).toHaveText(
      "Your organisation has not made balances available in the portal.",
    );
    await expect(homePage.balance.getByRole("button", { name: "Retry" })).toHaveCount(0);
    await expect(homePage.availableToPrint).toHaveCount(0);
    await expect(homePage.profileValue("Name")).toHaveText(alice.fullName);
  },
);

outageTest(
  "with the print server stopped mid-session the panels say so inline and recover after it restarts",
  async ({ page, homePage, stack }) => {
    outageTest.setTimeout(180_000);
    await homePage.signInWithPin(alice.pin);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await expect(homePage.profileValue("Name")).toHaveText(alice.fullName);
    await homePage.expectHydrated();

    await stack.stopPrintServer();

    // A refresh fails: each panel keeps its last figures and says they are old.
    await homePage.refresh();
    await expect(homePage.balance.getByRole("alert")).toContainText("Your balance could not be updated");
    await expect(homePage.balance.getByRole("alert")).toContainText("The print server cannot be reached right now");
    await expect(homePage.profile.getByRole("alert")).toContainText("Your details could not be updated");
    await expect(homePage.availableToPrint).toHaveText("€25.50");

    // A fresh load has nothing to fall back on: inline errors, the page itself stands.
    await page.reload();
    await homePage.expectGreeting(alice.fullName);
    await expect(homePage.balance.getByRole("alert")).toContainText("Your balance could not be loaded");
    await expect(homePage.profile.getByRole("alert")).toContainText("Your details could not be loaded");
    await expect(homePage.availableToPrint).toHaveCount(0);

    await stack.startPrintServer();

    await homePage.balance.getByRole("button", { name: "Retry" }).click();
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await expect(homePage.balance.getByRole("alert")).toHaveCount(0);
    await homePage.profile.getByRole("button", { name: "Retry" }).click();
    await expect(homePage.profileValue("Name")).toHaveText(alice.fullName);
    await expect(homePage.profile.getByRole("alert")).toHaveCount(0);
  },
);

slowTest(
  "a print server slower than the page's deadline does not hold the page: it comes with the panels loading, then the figures",
  async ({ page, homePage, stack }) => {
    slowTest.setTimeout(120_000);
    await homePage.signInWithPin(alice.pin);
    await expect(homePage.availableToPrint).toHaveText("€25.50");

    // Every answer of the print server now takes 1.5 s, longer than the page
    // waits for its figures (PORTAL_FIRST_PAINT_WAIT_MS, 1 s unless set).
    stack.faultProxy!.delayAnswers(1_500);
    const html = await (await page.request.get("/")).text();
    expect(html).toContain(`Hello, ${alice.fullName}`);
    expect(html).not.toContain("€25.50");
    expect(html).not.toContain("alice@example.com");

    await page.reload();
    await expect(homePage.balance).toHaveAttribute("aria-busy", "true");
    await expect(homePage.availableToPrint).toHaveText("€25.50", { timeout: 60_000 });
    await expect(homePage.profileValue("Email")).toHaveText("alice@example.com", { timeout: 60_000 });
    await expect(homePage.lastUpdated).toBeVisible();
  },
);
