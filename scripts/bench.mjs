#!/usr/bin/env node
// `npm run bench [-- --only <group>] [-- --quick]`: the portal measured against
// the floor (a bare Next.js app of the same version and settings, served by
// `next start`) or the print server called directly, both in the same run, so
// each budget holds on a fast machine and a slow one alike. Builds the portal
// and the floor if needed, starts a scaled print server, the production
// portal and the floor on free ports of 127.0.0.1, prints one table with PASS
// or MISS per budget (scripts/bench/budgets.mjs), and writes the same figures
// to bench-results/latest.json plus a timestamped copy. A run exits with 1
// when a budget is missed or a figure could not be measured.
//
// The scaled organisation lives in .data/bench-print-server-1000 and is seeded
// on first use. docs/performance.md lists the budgets and why each is there.
//
//   --only <group>  one group alone; its figures go to bench-results/<group>/:
//     pages     Lighthouse (mobile), console errors and first-load JavaScript of every page, beside the floor's page
//     cache     Home, then Jobs, then Credit in one tab: the available figure from the cache, then refreshed
//     api       GET /api/me at 50 sessions, beside the floor's route
//     sign-in   sign-in by PIN and by password, beside the direct token call
//     download  files of 100 MiB and 1 GiB through the portal and the floor (a stand-in upstream)
//     files     a 200 MiB PDF uploaded to Files and downloaded back, beside a plain copy over loopback HTTP
//     jobs      the Jobs page's first list of 2,000 jobs, the list's API and a release, beside direct
//     reports   the monthly summary per format at scale 1000; the print server alone under load
//   --quick (or BENCH_QUICK=1)  one run of each measure instead of medians: checks the harness, not the budgets' figures

import { cpus, loadavg } from "node:os";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib/stack.mjs";
import { BenchError } from "./bench/bench-error.mjs";
import {
  closeStack,
  ensureBuilds,
  startBenchFloor,
  startBenchPortal,
  startDownloadUpstream,
  startPlainCopy,
  startPrintServerFor,
  stopEverything,
  tempDir,
  track,
} from "./bench/bench-stack.mjs";
import { budgetsOf, checkBudgets, GROUPS } from "./bench/budgets.mjs";
import { planFor, readOptions } from "./bench/bench-options.mjs";
import { measureCachedBalance } from "./bench/measure-cached-balance.mjs";
import { DOWNLOAD_FILES, measureDownload } from "./bench/measure-download.mjs";
import { FILES_UPLOAD, measureFiles, preparedUpload } from "./bench/measure-files.mjs";
import { measureJobsApi, measureJobsFirstList } from "./bench/measure-jobs.mjs";
import { measureLighthouse, measurePageJs, servedPages } from "./bench/measure-pages.mjs";
import { measureApi, measureSignIn, portalMe, SESSIONS, signInSessions } from "./bench/measure-portal-api.mjs";
import {
  MANAGER,
  measurePrintServerThroughput,
  measureReportGeneration,
  scaleUserPin,
} from "./bench/measure-print-server.mjs";
import { printServerClient } from "./bench/print-server-client.mjs";
import { listeningPid } from "./bench/process-memory.mjs";
import { signInToPortal } from "./bench/portal-session.mjs";
import { renderTable, writeResults } from "./bench/report.mjs";

let options;
try {
  options = readOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`[bench] ${error.message}; groups: ${Object.keys(GROUPS).join(", ")}`);
  process.exit(2);
}
const { only, quick } = options;
const plan = planFor(options);
/** The groups this run measures, in the order they run. */
const groups = only ? [only] : Object.keys(GROUPS);
const runs = (group) => groups.includes(group);
/** The groups whose portal signs in at the stand-in upstream, not at the scaled print server. */
const STAND_IN_GROUPS = ["download", "files"];
const ROWS_PER_USER = 12 * 12; // months x printers per user and month (seed-scale.ts)

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

/** Runs one measure; a failure is recorded and the others still run. */
async function attempt(results, key, measure) {
  try {
    results[key] = await measure();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.errors ??= {};
    results.errors[key] = message;
    say(`${key}: failed: ${message}`);
  }
}

/** The monthly summary in every format at the report scale, and the print server alone under load. */
async function reportFigures(results, server, ps) {
  say("print server: token endpoint and report list under load");
  await attempt(results, "printServer", () => measurePrintServerThroughput(server, ps, plan));
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

/** Lighthouse, console errors and first-load JavaScript of the pages, beside the floor's page. */
async function pageFigures(results, { portal, floor, userCookie }) {
  let served;
  say("pages: console errors and first-load JavaScript in Chromium");
  await attempt(results, "pages", async () => {
    const pages = await servedPages(portal.url, userCookie);
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
  say(`pages: Lighthouse (mobile), ${plan.lighthouseRuns} run(s) of each page and the floor's, in turns`);
  await attempt(results, "lighthouse", () =>
    served === undefined
      ? Promise.reject(new BenchError("the list of served pages is unknown"))
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
 * The Jobs page of the scale user (2,000 jobs waiting): time to the first
 * list, the list's API and a release round trip. Last of the groups on the
 * print server: the releases use up a few of the waiting jobs.
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

/** Every group measured on the scaled print server, with the portal and the floor where they need them. */
async function onPrintServer(results) {
  const server = await startPrintServerFor(plan.formatScale, say);
  const ps = printServerClient(server);
  try {
    if (runs("reports")) await reportFigures(results, server, ps);
    if (!["pages", "cache", "api", "sign-in", "jobs"].some(runs)) return;
    const portal = await startBenchPortal(server, say);
    say(`portal serves from pid ${portal.pid}`);
    const pin = scaleUserPin(1);
    const userCookie = await signInToPortal(portal.url, { method: "pin", pin });
    const floor =
      runs("pages") || runs("api")
        ? await startBenchFloor(await portalMe(portal.url, userCookie), undefined, say)
        : undefined;
    if (runs("pages")) await pageFigures(results, { portal, floor, userCookie });
    if (runs("cache")) {
      say(`cache: Home, then Jobs, then Credit by the nav links, ${plan.cacheRuns} run(s)`);
      await attempt(results, "cache", () =>
        measureCachedBalance({ portalUrl: portal.url, cookie: userCookie, runs: plan.cacheRuns, say }),
      );
    }
    if (runs("api")) {
      say(`api: GET /api/me at ${SESSIONS} sessions, portal and floor in turns`);
      await attempt(results, "api", async () =>
        measureApi({
          portalUrl: portal.url,
          floorUrl: floor.url,
          cookies: await signInSessions(portal.url, SESSIONS, scaleUserPin),
          plan,
        }),
      );
    }
    if (runs("sign-in")) {
      say(`sign-in: by PIN and by password, ${plan.signInRounds} of each in turns with the direct token call`);
      await attempt(results, "signIn", () =>
        measureSignIn({ ps, portalUrl: portal.url, pin: scaleUserPin(2), user: MANAGER, rounds: plan.signInRounds }),
      );
    }
    if (runs("jobs")) await jobsFigures(results, { ps, portal, userCookie, pin });
  } finally {
    await ps.close();
  }
}

/** The download files through a portal and a floor whose upstream is the stand-in (large-file-upstream.mjs). */
async function downloadGroup(results) {
  say("download: the stand-in upstream, a portal and the floor on it");
  const upstream = await startDownloadUpstream(
    Object.fromEntries(Object.values(DOWNLOAD_FILES).map((file) => [file.executionId, file.bytes])),
  );
  const portal = await startBenchPortal(upstream, say);
  const floor = await startBenchFloor({}, upstream, say);
  const cookie = await signInToPortal(portal.url, { method: "pin", pin: scaleUserPin(1) });
  say(`download: ${plan.downloadRuns} run(s) of each file each way, portal pid ${portal.pid}`);
  await attempt(results, "download", () =>
    measureDownload({
      portalUrl: portal.url,
      cookie,
      portalPid: portal.pid,
      floorUrl: floor.url,
      runs: plan.downloadRuns,
      say,
    }),
  );
}

/**
 * A 200 MiB PDF uploaded to a portal's Files and downloaded back, beside a
 * plain copy server; the portal's files, the copies and the source file share
 * one folder's file system. The stand-in upstream signs the person in.
 */
async function filesGroup(results) {
  say("files: the stand-in upstream, a portal whose file size limit takes the file, and a plain copy server");
  const folder = tempDir("print-portal-bench-files-");
  const [portalFiles, copies] = [join(folder, "portal-files"), join(folder, "plain-copies")];
  for (const dir of [portalFiles, copies]) mkdirSync(dir);
  const upstream = await startDownloadUpstream({});
  const portal = await startBenchPortal(upstream, say, {
    PORTAL_FILES_DIR: portalFiles,
    PORTAL_FILES_MAX_FILE_MB: String(Math.ceil((2 * FILES_UPLOAD.bytes) / (1024 * 1024))),
    PORTAL_FILES_QUOTA_FILES: "50",
    PORTAL_FILES_QUOTA_MB: "4096",
  });
  const copy = await startPlainCopy(copies);
  const cookie = await signInToPortal(portal.url, { method: "pin", pin: scaleUserPin(1) });
  say(`files: writing the ${FILES_UPLOAD.label} PDF, then ${plan.filesRuns} run(s) each way, portal pid ${portal.pid}`);
  await attempt(results, "files", async () =>
    measureFiles({
      portalUrl: portal.url,
      cookie,
      portalPid: portal.pid,
      copyUrl: copy.url,
      file: await preparedUpload(join(folder, FILES_UPLOAD.name)),
      runs: plan.filesRuns,
      say,
    }),
  );
}

const loadAverage = () => loadavg().map((l) => Number(l.toFixed(2)));

async function main() {
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = loadAverage();
  const results = { plan: { mode: quick ? "quick" : "full", ...(only && { only }), ...plan } };
  say(
    `${quick ? "quick" : "full"} run of ${groups.join(", ")} on ${cpus().length} CPUs, load average ${loadAverageAtStart.join(" ")}`,
  );
  const built = await ensureBuilds(say, {
    portal: groups.some((group) => group !== "reports"),
    floor: ["pages", "api", "download"].some(runs),
  });
  if (groups.some((group) => !STAND_IN_GROUPS.includes(group))) await onPrintServer(results);
  if (runs("download")) {
    await stopEverything();
    await downloadGroup(results);
  }
  if (runs("files")) {
    await stopEverything();
    await filesGroup(results);
  }
  await closeStack();

  const budgets = budgetsOf(checkBudgets(results), only);
  const finishedAt = new Date().toISOString();
  const document = {
    startedAt,
    finishedAt,
    durationSeconds: Math.round((Date.parse(finishedAt) - Date.parse(startedAt)) / 1000),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      node: process.version,
      // Other work on the machine slows every figure; the floor's slow with it.
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
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
  if (results.errors) say(`some figures could not be measured: ${Object.keys(results.errors).join(", ")}`);
  return results.errors || count("MISS") > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => void shutDown(1, `failed: ${error instanceof Error ? error.message : String(error)}`),
);
