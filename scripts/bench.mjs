#!/usr/bin/env node
// `npm run bench [-- --quick]`: the portal measured against the print server it
// fronts and against the floor (a bare Next.js app of the same version and
// settings), side by side in one run (issues 7 and 14). Builds the portal and
// the floor if needed, starts a scaled print server, the production portal and
// the floor on free ports of 127.0.0.1, prints one table with PASS/MISS per
// budget, and writes the same figures to bench-results/latest.json plus a
// timestamped copy. A full run exits with 1 when a budget is missed or a
// figure could not be measured; a quick run (a smoke run with small files and
// single runs) only when a figure could not be measured.
//
// The scaled organisations live in .data/bench-print-server-<scale> and are
// seeded on first use only (about a minute for the large one).
//
// `npm run bench -- --only <group> [--quick]` measures one group alone, for
// A/B comparisons while working on it (a few minutes; figures go to
// bench-results/<group>/, and only that group's budgets are checked):
//   jobs   the Jobs page's first list, the list's API and releases
//   api    GET /api/me and sign-in by PIN, against the floor and the direct call
//   pages  first-load JavaScript, console errors and Lighthouse of every page
//   reports  the monthly summary per format at the report scale (1,000 users; 200 with --quick)
//   download  the large monthly summary CSV, direct vs through the portal and the floor, on the
//            download organisation (20,000 users; 200 with --quick), seeded on first use

import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { root } from "./lib/stack.mjs";
import { BenchError } from "./bench/bench-error.mjs";
import {
  closeStack,
  ensureBuilds,
  startBenchFloor,
  startBenchPortal,
  startPrintServerFor,
  stopEverything,
  track,
} from "./bench/bench-stack.mjs";
import { checkBudgets } from "./bench/budgets.mjs";
import { freshMemoryCost } from "./bench/fresh-memory.mjs";
import { measureDownload } from "./bench/measure-download.mjs";
import { measureJobsApi, measureJobsFirstList } from "./bench/measure-jobs.mjs";
import { measureLighthouse, measurePageJs, servedPages } from "./bench/measure-pages.mjs";
import { measureApiOverhead, measureSignIn, portalMe } from "./bench/measure-portal-api.mjs";
import {
  MANAGER,
  MONTHLY_SUMMARY_REPORT_ID,
  measurePrintServerThroughput,
  measureReportGeneration,
  scaleUserPin,
} from "./bench/measure-print-server.mjs";
import { LOGIN_TYPE, printServerClient } from "./bench/print-server-client.mjs";
import { listeningPid } from "./bench/process-memory.mjs";
import { PAGES } from "./bench/pages.mjs";
import { waitForQuietMachine } from "./bench/quiet-machine.mjs";
import { signInToPortal } from "./bench/portal-session.mjs";
import { renderTable, writeResults } from "./bench/report.mjs";

const quick = process.argv.includes("--quick");
const onlyAt = process.argv.indexOf("--only");
/** One group of measures alone; undefined for the whole bench. */
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
/** The budgets each group checks, by the start of their ids (bench/budgets.mjs). */
const ONLY_GROUPS = {
  jobs: ["jobs-"],
  api: ["api-", "sign-in-"],
  pages: ["first-load-js-", "console-errors-", "lighthouse-"],
  reports: ["report-"],
  download: ["download-"],
};
if (only !== undefined && !Object.hasOwn(ONLY_GROUPS, only)) {
  console.error(`[bench] --only takes ${Object.keys(ONLY_GROUPS).join(", ")}; not ${only ?? "nothing"}`);
  process.exit(2);
}
const ROWS_PER_USER = 12 * 12; // months x printers per user and month (seed-scale.ts)
const LARGE_FILE_BYTES = 200 * 1024 * 1024;

const PLANS = {
  // About 10 minutes on a 2-core machine once the organisations are seeded and the apps built.
  full: {
    downloadScale: 20_000, // monthly summary CSV of about 250 MB
    // Each way: a download of this file takes half a second to a second, and
    // single seconds swing (on 2026-12-01 the portal's five runs of one
    // bench ranged from 73 to 98 % of direct's): the median of 9.
    downloadRuns: 9,
    formatScale: 1_000,
    formats: ["csv", "xml", "xlsx", "ods", "pdf"],
    runs: 3,
    loadMs: 5_000,
    warmupMs: 1_000,
    // Requests of /api/me at one connection before its levels, not counted (measure-portal-api.mjs settleLoads).
    apiSettleRequests: 4_000,
    connections: 10,
    apiConnections: [1, 10],
    // A median of 15 moved by a millisecond between runs; 40 take a second.
    signInRounds: 40,
    pageRuns: 3,
    // Lighthouse's own advice for a steady figure: the median of 5 runs (one
    // run of one page moves by up to 8 points here), of the floor's page and
    // the portal's in turns (pages.mjs lighthouseRounds).
    lighthouseRuns: 5,
    reportTimeoutMs: 6 * 60_000,
    jobsRounds: 20,
    watchdogMs: 40 * 60_000,
  },
  // A smoke run of a minute or two: small files, single runs.
  quick: {
    downloadScale: 200,
    downloadRuns: 1,
    formatScale: 200,
    formats: ["csv", "xml", "xlsx", "ods", "pdf"],
    runs: 1,
    loadMs: 2_000,
    warmupMs: 500,
    apiSettleRequests: 200,
    connections: 10,
    apiConnections: [1, 10],
    signInRounds: 5,
    pageRuns: 1,
    lighthouseRuns: 1,
    reportTimeoutMs: 2 * 60_000,
    jobsRounds: 5,
    watchdogMs: 15 * 60_000,
  },
};
const plan = PLANS[quick ? "quick" : "full"];

const say = (text) => console.log(`[bench] ${text}`);
let stopping = false;

async function shutDown(code, why) {
  if (stopping) return;
  stopping = true;
  if (why) console.error(`[bench] ${why}`);
  await closeStack();
  process.exit(code);
}
process.on("SIGINT", () => void shutDown(130, "interrupted; stopping the servers"));
process.on("SIGTERM", () => void shutDown(143, "terminated; stopping the servers"));
setTimeout(
  () => void shutDown(1, `the benchmark took longer than ${plan.watchdogMs / 60_000} minutes; stopped`),
  plan.watchdogMs,
).unref();

async function printServerOnly(results) {
  const server = await startPrintServerFor(plan.formatScale, say);
  const ps = printServerClient(server);
  try {
    say("print server: token endpoint and report list throughput");
    await attempt(results, "printServer", () => measurePrintServerThroughput(server, ps, plan));
    await reportFigures(results, server, ps);
  } finally {
    await ps.close();
  }
  return server;
}

/** The monthly summary in every format at the report scale, run to download 200. */
async function reportFigures(results, server, ps) {
  say(`print server: monthly summary per format at scale ${plan.formatScale}`);
  await attempt(results, "reportGeneration", async () => ({
    scale: plan.formatScale,
    rows: plan.formatScale * ROWS_PER_USER,
    formats: await measureReportGeneration(ps, {
      formats: plan.formats,
      runs: plan.runs,
      timeoutMs: plan.reportTimeoutMs,
      serverPid: listeningPid(Number(new URL(server.url).port)),
      say,
    }),
  }));
}

/** `--only reports`: the print server alone, no portal. */
async function reportsOnly(results) {
  const server = await startPrintServerFor(plan.formatScale, say);
  const ps = printServerClient(server);
  try {
    await reportFigures(results, server, ps);
  } finally {
    await ps.close();
  }
}

/** `--only download`: the download organisation's print server, the portal and the floor. */
async function downloadOnly(results) {
  const server = await startPrintServerFor(plan.downloadScale, say);
  say(`print server ready after ${(server.startMs / 1000).toFixed(0)} s`);
  const ps = printServerClient(server);
  try {
    const portal = await startBenchPortal(server, say);
    say(`portal serves from pid ${portal.pid}`);
    // Its /api/me is not measured here.
    const floor = await startBenchFloor({}, server, say);
    await attempt(results, "download", () => downloadFigures(results, ps, portal, floor));
  } finally {
    await ps.close();
  }
}

/** Waits for a quiet machine before the measures of `group` (quiet-machine.mjs); the wait is kept with the figures. */
async function settle(results, group) {
  const wait = await waitForQuietMachine();
  results.quietBefore ??= {};
  results.quietBefore[group] = wait;
  if (!wait.quiet)
    say(
      `${group}: the machine is still ${Math.round(wait.busyShare * 100)} % busy after ${wait.waitedSeconds} s; measuring anyway`,
    );
}

/** Runs one group of measurements once the machine is quiet; a failure is recorded and the others still run. */
async function attempt(results, key, measure) {
  await settle(results, key);
  try {
    results[key] = await measure();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.errors ??= {};
    results.errors[key] = message;
    say(`${key}: failed: ${message}`);
  }
}

async function downloadFigures(results, ps, portal, floor) {
  say(`download: generating the monthly summary CSV at scale ${plan.downloadScale}`);
  const managerToken = await ps.userToken({ type: LOGIN_TYPE.password, ...MANAGER });
  const started = Date.now();
  const executionId = await ps.startReport(managerToken, MONTHLY_SUMMARY_REPORT_ID, "csv");
  await ps.waitForReport(managerToken, executionId, { timeoutMs: plan.reportTimeoutMs });
  const generationSeconds = (Date.now() - started) / 1000;
  say(
    `download: file ready after ${generationSeconds.toFixed(1)} s; fetching it directly, through the portal and the floor`,
  );
  // Writing the file out goes on after it is ready.
  await settle(results, "download (file written)");
  const managerCookie = await signInToPortal(portal.url, {
    method: "password",
    username: MANAGER.user,
    password: MANAGER.pwd,
  });
  const download = {
    ...(await measureDownload({
      executionId,
      ps,
      userToken: managerToken,
      portalUrl: portal.url,
      cookie: managerCookie,
      portalPid: portal.pid,
      floorUrl: floor.url,
      floorPid: floor.pid,
      serverPid: listeningPid(Number(new URL(ps.base).port)),
      runs: plan.downloadRuns,
      say,
    })),
    generationSeconds: Number(generationSeconds.toFixed(2)),
  };
  if (download.bytes < LARGE_FILE_BYTES) {
    download.note = quick
      ? "quick run: a small file"
      : `the file is below 200 MB (the seeded months have aged out): delete .data/bench-print-server-${plan.downloadScale} to seed it anew`;
    say(`download: note: ${download.note}`);
  }
  return download;
}

/** `/api/me` through the portal vs the floor's route vs the print server, then sign-in round trips. */
async function apiFigures(results, { server, ps, portal, floor, userCookie, pin }) {
  say("API overhead: portal route vs the floor's vs the same print server call");
  await attempt(results, "api", () =>
    measureApiOverhead({
      printServer: server,
      ps,
      portalUrl: portal.url,
      floorUrl: floor.url,
      cookie: userCookie,
      pin,
      plan,
    }),
  );
  say("sign-in round trips");
  await attempt(results, "signIn", () =>
    measureSignIn({
      ps,
      portalUrl: portal.url,
      floorUrl: floor.url,
      pin: scaleUserPin(2),
      rounds: plan.signInRounds,
    }),
  );
}

/**
 * Everything measured through the portal, each against its reference: the
 * print server called directly, or the floor. A new measure is one more
 * attempt() here and its budget in bench/budgets.mjs.
 */
async function withPortal(results, server) {
  const ps = printServerClient(server);
  try {
    const portal = await startBenchPortal(server, say);
    say(`portal serves from pid ${portal.pid}`);
    const pin = scaleUserPin(1);
    const userCookie = await signInToPortal(portal.url, { method: "pin", pin });
    const floor = await startBenchFloor(await portalMe(portal.url, userCookie), server, say);
    await attempt(results, "download", () => downloadFigures(results, ps, portal, floor));

    await apiFigures(results, { server, ps, portal, floor, userCookie, pin });
    await pageFigures(results, { portal, floor, userCookie });
    await jobsFigures(results, { ps, portal, userCookie, pin });
  } finally {
    await ps.close();
  }
}

/**
 * The Jobs page of the scale user (2,000 jobs waiting): time to the first
 * list, the list's API and a release round trip, each through the portal vs
 * the print server direct. After the pages' figures: the releases use up a
 * few of the waiting jobs.
 */
async function jobsFigures(results, { ps, portal, userCookie, pin }) {
  say("jobs: time to the first list of 2,000 waiting jobs in Chromium");
  await attempt(results, "jobsPage", () =>
    measureJobsFirstList({ portalUrl: portal.url, cookie: userCookie, runs: plan.pageRuns }),
  );
  say("jobs: the list's first page and a release round trip, portal vs direct");
  await attempt(results, "jobsApi", () =>
    measureJobsApi({
      ps,
      portalUrl: portal.url,
      cookie: userCookie,
      pin,
      rounds: plan.jobsRounds,
      warmupMs: plan.warmupMs,
    }),
  );
}

/** First-load JavaScript, console errors and Lighthouse of the pages. */
async function pageFigures(results, { portal, floor, userCookie }) {
  let served;
  say("pages: JavaScript loaded in Chromium, console errors");
  await attempt(results, "pages", async () => {
    const pages = await servedPages(portal.url, userCookie, PAGES);
    served = pages.served;
    for (const note of Object.values(pages.skipped)) say(`pages: ${note}`);
    return {
      ...(await measurePageJs({
        portalUrl: portal.url,
        floorUrl: floor.url,
        cookie: userCookie,
        runs: plan.pageRuns,
        pages: served,
      })),
      skipped: pages.skipped,
    };
  });
  say("pages: Lighthouse (mobile)");
  await attempt(results, "lighthouse", () =>
    // Unknown when listing the pages failed: that failure is already recorded.
    served === undefined
      ? Promise.reject(new Error("the list of served pages is unknown"))
      : measureLighthouse({
          portalUrl: portal.url,
          floorUrl: floor.url,
          cookie: userCookie,
          pages: served,
          runs: plan.lighthouseRuns,
          say,
          track,
        }),
  );
}

/**
 * `--only <group>`: one group of measures on the smaller organisation (that of
 * the report measures: 1,000 users, 200 with `--quick`), with the floor where
 * the group is measured against it.
 */
async function withPortalOnly(results) {
  const server = await startPrintServerFor(plan.formatScale, say);
  const ps = printServerClient(server);
  try {
    const portal = await startBenchPortal(server, say);
    say(`portal serves from pid ${portal.pid}`);
    const pin = scaleUserPin(1);
    const userCookie = await signInToPortal(portal.url, { method: "pin", pin });
    if (only === "jobs") {
      await jobsFigures(results, { ps, portal, userCookie, pin });
      return;
    }
    const floor = await startBenchFloor(await portalMe(portal.url, userCookie), server, say);
    if (only === "pages") {
      await pageFigures(results, { portal, floor, userCookie });
      return;
    }
    await apiFigures(results, { server, ps, portal, floor, userCookie, pin });
  } finally {
    await ps.close();
  }
}

/** Measures what fresh memory costs now and says so (fresh-memory.mjs). */
function sayFreshMemory(when) {
  const cost = freshMemoryCost();
  say(
    `fresh memory ${when}: ${cost.freshPageMicros} µs per page on its first write, ` +
      `${cost.writtenPageMicros} µs on a second (${cost.times} times)`,
  );
  return cost;
}

async function main() {
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = loadavg().map((l) => Number(l.toFixed(2)));
  const results = { plan: { mode: quick ? "quick" : "full", ...(only && { only }), ...plan } };
  say(
    `${quick ? "quick" : "full"} run on ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const freshMemoryAtStart = sayFreshMemory("at the start");
  const built = await ensureBuilds(say, {
    portal: only !== "reports",
    floor: only === undefined || only === "api" || only === "pages" || only === "download",
  });

  if (only === "reports") {
    await reportsOnly(results);
  } else if (only === "download") {
    await downloadOnly(results);
  } else if (only !== undefined) {
    await withPortalOnly(results);
  } else if (plan.formatScale === plan.downloadScale) {
    const server = await printServerOnly(results);
    await withPortal(results, server);
  } else {
    await printServerOnly(results);
    await stopEverything();
    const large = await startPrintServerFor(plan.downloadScale, say);
    say(`print server ready after ${(large.startMs / 1000).toFixed(0)} s`);
    await withPortal(results, large);
  }
  await closeStack();

  // --only: the budgets of what it measured.
  const budgets = checkBudgets(results).filter(
    (budget) => only === undefined || ONLY_GROUPS[only].some((start) => budget.id.startsWith(start)),
  );
  const finishedAt = new Date().toISOString();
  const document = {
    startedAt,
    finishedAt,
    durationSeconds: Math.round((Date.parse(finishedAt) - Date.parse(startedAt)) / 1000),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      node: process.version,
      // Other work on the machine slows every figure: these tell how busy it was.
      loadAverageAtStart,
      loadAverageAtEnd: loadavg().map((l) => Number(l.toFixed(2))),
      // And how dear fresh memory was (fresh-memory.mjs).
      freshMemoryAtStart,
      freshMemoryAtEnd: sayFreshMemory("at the end"),
    },
    builtByThisRun: built,
    ...results,
    budgets,
  };
  console.log(`\n${renderTable(results, budgets, document.machine)}\n`);
  const folder = only === undefined ? "bench-results" : join("bench-results", only);
  const file = writeResults(join(root, folder), document);
  say(`figures written to ${folder}/latest.json and ${file.slice(root.length)}`);
  const count = (status) => budgets.filter((b) => b.status === status).length;
  say(
    `${count("PASS")} budgets met, ${count("MISS")} missed, ${count("SKIP")} skipped; ${document.durationSeconds} s in all`,
  );
  if (results.errors) {
    say(`some figures could not be measured: ${Object.keys(results.errors).join(", ")}`);
    return 1;
  }
  if (count("MISS") > 0) {
    if (quick) say("quick run: missed budgets do not fail it (its files are small and its runs single)");
    else return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) =>
    void shutDown(
      1,
      error instanceof BenchError ? `failed: ${error.message}` : `failed: ${error?.message ?? String(error)}`,
    ),
);
