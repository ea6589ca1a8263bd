import { ReportsPage } from "../pages/reports-page";
import { test as base } from "../fixtures";
import { startPrivateStack, type PrivateStack } from "./private-stack";

// Reports against a print server of the test file's own (one per worker, so
// the tests of a file take turns): "My sessions" (id 2) is made to fail, and
// every report takes `reportDelayMs`, so "Running" can really be seen.

/** The seed report that the private print server makes fail. */
export const failingReport = "My sessions";

export function reportsTest(reportDelayMs: number) {
  return base.extend<{ reportsPage: ReportsPage }, { reportsStack: PrivateStack }>({
    reportsStack: [
      async ({}, use) => {
        const stack = await startPrivateStack({
          printServerEnv: { PRINT_SERVER_FAIL_REPORTS: "2", PRINT_SERVER_REPORT_DELAY: String(reportDelayMs) },
        });
        await use(stack);
        await stack.close();
      },
      { scope: "worker", timeout: 240_000 },
    ],
    baseURL: async ({ reportsStack }, use) => {
      await use(reportsStack.portalUrl);
    },
    reportsPage: async ({ page }, use) => {
      await use(new ReportsPage(page));
    },
  });
}
