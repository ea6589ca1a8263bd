import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { alice, expect, test as base } from "./fixtures";
import { ReportsPage } from "./pages/reports-page";
import { axeViolations } from "./support/axe";
import { freePort } from "./support/free-port";
import { loadStack } from "./support/load-stack";
import { startMyqDouble, type MyqDouble } from "./support/myq-double";
import { e2eAddressHeader } from "./support/stack-env";

// The portal against a MyQ X-shaped server (e2e/support/myq-double.ts), by
// configuration alone: the double answers only in MyQ's documented shapes
// (no server configuration, no quota balance, no reports, no job states).
// Its own portal process runs for this file's worker.

interface MyqStack {
  myq: MyqDouble;
  portalUrl: string;
}

const test = base.extend<{ reportsPage: ReportsPage }, { myqStack: MyqStack }>({
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
  reportsPage: async ({ page }, use) => {
    await use(new ReportsPage(page));
  },
});

test.describe("against a real MyQ X's shapes", () => {
  test("alice signs in by PIN and sees her name and her balance from limits.price", async ({
    page,
    signInPage,
    homePage,
  }) => {
    await signInPage.goto();
    await signInPage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);
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
    signInPage,
    homePage,
    reportsPage,
  }) => {
    await signInPage.goto();
    await signInPage.signInWithPin(alice.pin);
    await homePage.expectGreeting(alice.fullName);
    await reportsPage.goto();
    await expect(page.getByText("This print server does not offer reports to the portal.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });
});
