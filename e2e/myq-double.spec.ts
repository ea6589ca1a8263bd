import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { alice, expect, test as base } from "./fixtures";
import { CreditPage } from "./pages/credit-page";
import type { HomePage } from "./pages/home-page";
import { JobsPage } from "./pages/jobs-page";
import { ProfilePage } from "./pages/profile-page";
import { ReportsPage } from "./pages/reports-page";
import { axeViolations } from "./support/axe";
import { freePort } from "./support/free-port";
import { loadStack } from "./support/load-stack";
import { startMyqDouble, type MyqDouble } from "./support/myq-double";
import { e2eAddressHeader } from "./support/stack-env";

// The portal against a MyQ X-shaped server (e2e/support/myq-double.ts), by
// configuration alone: the double answers only in MyQ's documented shapes
// (no server configuration, no quota balance, no reports, no statement, no
// job states, no profile changes). Its own portal process runs for this
// file's worker; the double starts each test afresh (alice's first balance
// and jobs).

interface MyqStack {
  myq: MyqDouble;
  portalUrl: string;
}

interface Pages {
  reportsPage: ReportsPage;
  jobsPage: JobsPage;
  creditPage: CreditPage;
  profilePage: ProfilePage;
  freshDouble: void;
}

const test = base.extend<Pages, { myqStack: MyqStack }>({
  myqStack: [
    async ({}, use) => {
      const { startPortal, stopChild } = await loadStack();
      const myq = await startMyqDouble();
      const workDir = mkdtempSync(join(tmpdir(), "print-portal-myq-"));
      const caFile = join(workDir, "myq-ca.pem");
      writeFileSync(caFile, myq.caPem);
      const port = await freePort();
      const portalUrl = `http://localhost:${port}`;
      let portal: ChildProcess | undefined;
      try {
        portal = (
          await startPortal({
            PORT: String(port),
            HOSTNAME: "localhost",
            PORTAL_URL: portalUrl,
            PRINT_SERVER_URL: myq.url,
            PRINT_SERVER_CA_FILE: caFile,
            PRINT_SERVER_CLIENT_ID: myq.clientId,
            PRINT_SERVER_CLIENT_SECRET: myq.clientSecret,
            AUTH_SECRET: randomBytes(33).toString("base64url"),
            PORTAL_TRUSTED_PROXY_HEADER: e2eAddressHeader,
          })
        ).child;
        await use({ myq, portalUrl });
      } finally {
        if (portal) await stopChild(portal);
        await myq.close();
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
  baseURL: async ({ myqStack }, use) => {
    await use(myqStack.portalUrl);
  },
  freshDouble: [
    async ({ myqStack }, use) => {
      myqStack.myq.reset();
      await use();
    },
    { auto: true },
  ],
  reportsPage: async ({ page }, use) => {
    await use(new ReportsPage(page));
  },
  jobsPage: async ({ page }, use) => {
    await use(new JobsPage(page));
  },
  creditPage: async ({ page }, use) => {
    await use(new CreditPage(page));
  },
  profilePage: async ({ page }, use) => {
    await use(new ProfilePage(page));
  },
});

/** alice signs in by PIN and is greeted on the home page. */
async function signInAlice(homePage: HomePage): Promise<void> {
  await homePage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
}

test.describe("against a real MyQ X's shapes", () => {
  test("alice signs in by PIN and sees her name and her balance from limits.price", async ({ page, homePage }) => {
    await signInAlice(homePage);
    await expect(homePage.availableToPrint).toHaveText("€25.50");
    await expect(homePage.balance.getByRole("listitem").filter({ hasText: "Internal account" })).toContainText(
      "€25.50",
    );
    // No quota balance on a real MyQ X: the limit, a plain sentence, no meter and no error.
    await expect(homePage.balance).toContainText("Monthly pages");
    await expect(homePage.balance).toContainText("Limit: 500 pages");
    await expect(homePage.balance).toContainText("This print server does not tell the portal how many pages are left.");
    await expect(homePage.balance.getByRole("meter")).toHaveCount(0);
    await expect(homePage.profileValue("Email")).toHaveText("alice@example.com");
    await expect(homePage.profileValue("Aliases").getByRole("listitem")).toHaveText(["a.liddell"]);
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a wrong PIN is refused in the usual words", async ({ signInPage }) => {
    await signInPage.goto();
    await signInPage.signInWithPin("000000");
    await expect(signInPage.alert).toContainText("not recognised");
  });

  test("the reports page says plainly that the server does not offer reports", async ({
    page,
    homePage,
    reportsPage,
  }) => {
    await signInAlice(homePage);
    await reportsPage.goto();
    await expect(page.getByText("This print server does not offer reports to the portal.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });

  test("alice lists her jobs, with nothing the server does not say, and releases one", async ({
    page,
    homePage,
    jobsPage,
    myqStack,
  }) => {
    await signInAlice(homePage);
    await jobsPage.goto();
    const boardingPass = jobsPage.job(jobsPage.waiting, "Boarding pass.pdf");
    await expect(boardingPass).toContainText("1 page · Mono · One-sided · 1 copy");
    await expect(boardingPass).toContainText("€0.05");
    await expect(jobsPage.job(jobsPage.waiting, "Quarterly report.docx")).toContainText(
      "12 pages · Colour · Two-sided · 1 copy",
    );
    // No job state and no deletion time on a real MyQ X: none is made up.
    await expect(jobsPage.waiting).not.toContainText(/unless printed|Kept for reprint/);
    await expect(jobsPage.printed).toContainText(
      "This print server does not tell the portal which jobs were printed, so none are shown here.",
    );
    await expect(jobsPage.printed.getByRole("group")).toHaveCount(0);
    await expect(jobsPage.favorites.getByRole("group")).toHaveCount(1);
    await expect(jobsPage.job(jobsPage.favorites, "Quarterly report.docx")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);

    await jobsPage.select("Boarding pass.pdf");
    await jobsPage.choosePrinter("Reception");
    await jobsPage.release();
    // Released, and nothing about its printing: the server does not say how a job is doing.
    await expect(jobsPage.progressOf("Boarding pass.pdf")).toContainText("Released: collect it at the printer");
    await expect(jobsPage.progress).not.toContainText(/Printing|Printed|Deleted/);
    expect(myqStack.myq.releases).toEqual([{ printerId: 3, jobIds: [4711] }]);
    await expect(boardingPass).toHaveCount(0);
    await expect(jobsPage.job(jobsPage.waiting, "Quarterly report.docx")).toBeVisible();
    await expect(jobsPage.available).toHaveText("€25.45");
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the credit page says plainly there is no statement, and a voucher still adds credit", async ({
    page,
    homePage,
    creditPage,
  }) => {
    await signInAlice(homePage);
    await creditPage.goto();
    await expect(creditPage.statement).toContainText(
      "This print server does not offer a credit statement to the portal.",
    );
    await expect(creditPage.statement.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    await expect(creditPage.available).toHaveText("€25.50");
    await creditPage.redeem("voucher-10");
    await expect(creditPage.available).toHaveText("€35.50");
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the profile offers the language and a new PIN, and says plainly what the server does not let change", async ({
    page,
    homePage,
    profilePage,
  }) => {
    await signInAlice(homePage);
    await profilePage.goto();
    // No server settings on a real MyQ X: only the language, as MyQ's own web UI lets people change it.
    await expect(profilePage.details).toContainText("Your organisation manages your name and email.");
    await expect(profilePage.email).toHaveCount(0);
    // No password rules are known before typing: none is made up.
    await expect(profilePage.passwordSection.getByLabel("Current password", { exact: true })).toBeVisible();
    await expect(profilePage.passwordSection).not.toContainText("A new password needs");
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await profilePage.details.getByLabel("Language").selectOption({ label: "Deutsch" });
    await profilePage.saveDetails();
    await expect(profilePage.details.getByRole("alert")).toContainText(
      "This print server does not let the portal make this change.",
    );
    await expect(profilePage.details.getByLabel("Language")).toHaveValue("de");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    const pin = await profilePage.getNewPin({ password: alice.password });
    expect(pin).toBe("583920");
  });
});
