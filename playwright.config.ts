import { defineConfig, devices } from "@playwright/test";

// Browser tests against the production build and a real print server, which
// e2e/global-setup.ts starts on free ports with its own data folder.
// Playwright cannot download browsers here: Debian's Chromium is used.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: ".test-output/playwright-artifacts",
  reporter: [["list"], ["json", { outputFile: ".test-output/playwright.json" }]],
  use: {
    baseURL: process.env.E2E_PORTAL_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium }, testIgnore: /log-audit/ },
    // The download memory test and the session-store count measure the portal
    // process, and the fault suite, the bad-input sweep and the cluster suite the
    // servers, not the browser: once, on desktop, is enough.
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      testIgnore: /download-memory|session-store-calls|log-audit|faults|bad-input|cluster/,
    },
    // After every other test: the logs of the whole run, searched for secrets.
    { name: "logs", testMatch: /log-audit\.spec\.ts/, dependencies: ["desktop", "mobile"] },
  ],
});
