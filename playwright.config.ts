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

/**
 * A browser time zone in which the run starts at about 2 p.m. on the day it is
 * in UTC. The demo data is dated from when its print server starts: a run at
 * 00:30 UTC reads a job sent an hour before as "Sent Nov 30, 2026, 11:44 PM",
 * one at noon as "Sent 11:44 AM", and the rows' height, the words and the
 * layout-shift checks went with the hour. In the browser's afternoon every run
 * reads the same, and the browser's date is the print server's (UTC) date.
 */
function afternoonTimeZone(now = new Date()): string {
  const hoursAhead = 14 - now.getUTCHours();
  // Etc/GMT-N is N hours ahead of UTC (POSIX signs).
  return hoursAhead === 0 ? "UTC" : `Etc/GMT${hoursAhead > 0 ? "-" : "+"}${Math.abs(hoursAhead)}`;
}

// Chosen once, by the runner: its workers, which each load this file again
// (later ones hours later in a long run), inherit it.
process.env.E2E_TIME_ZONE ??= afternoonTimeZone();
const runTimeZone = process.env.E2E_TIME_ZONE;

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
    timezoneId: runTimeZone,
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
