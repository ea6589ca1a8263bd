import { JobsPage } from "../pages/jobs-page";
import { test as base } from "../fixtures";
import { startPrivateStack, type PrivateStack } from "./private-stack";

// Jobs against a print server of the worker's own: releasing and deleting
// change alice's jobs, which other tests must not see. Its printers print
// fast (half a second a job), so "Printing..." then "Printed" is seen quickly.

export const jobsTest = base.extend<{ jobsPage: JobsPage }, { jobsStack: PrivateStack }>({
  jobsStack: [
    async ({}, use) => {
      const stack = await startPrivateStack({
        printServerEnv: { PRINT_SERVER_PRINT_JOB_MS: "800", PRINT_SERVER_PRINT_PAGE_MS: "50" },
      });
      await use(stack);
      await stack.close();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ jobsStack }, use) => {
    await use(jobsStack.portalUrl);
  },
  jobsPage: async ({ page }, use) => {
    await use(new JobsPage(page));
  },
});
