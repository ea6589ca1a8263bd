// The bench's command line: which group to run alone and how many runs of
// each measure (a whole run's medians, or one run each with --quick).

import { GROUPS } from "./budgets.mjs";

/** `--only <group>` and `--quick` (or BENCH_QUICK=1); throws on an unknown group or option. */
export function readOptions(args, env = {}) {
  let only;
  let quick = env.BENCH_QUICK === "1";
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--quick") quick = true;
    else if (arg === "--only" || arg.startsWith("--only=")) {
      only = arg === "--only" ? args[++i] : arg.slice("--only=".length);
      if (!only || !Object.hasOwn(GROUPS, only)) throw new Error(`--only takes a group, not ${only ?? "nothing"}`);
    } else throw new Error(`unknown option ${arg}`);
  }
  return { only, quick };
}

const FULL = {
  formatScale: 1000,
  formats: ["csv", "xml", "xlsx", "ods", "pdf"],
  // Load runs of /api/me and of the print server, and report runs per format.
  runs: 3,
  loadMs: 5_000,
  pacedMs: 10_000,
  // A session's mean pause between two requests of the paced /api/me load.
  thinkMs: 500,
  warmupMs: 1_000,
  // The print server alone under load.
  connections: 10,
  signInRounds: 40,
  pageRuns: 3,
  // Lighthouse's own advice for a steady figure: the median of 5 runs.
  lighthouseRuns: 5,
  cacheRuns: 5,
  downloadRuns: 5,
  filesRuns: 5,
  reportTimeoutMs: 6 * 60_000,
  jobsRounds: 20,
  watchdogMs: 60 * 60_000,
};

/** One run of each measure: what a check of the harness needs, not a figure to judge. */
const QUICK = {
  ...FULL,
  runs: 1,
  loadMs: 3_000,
  pacedMs: 5_000,
  signInRounds: 10,
  pageRuns: 1,
  lighthouseRuns: 1,
  cacheRuns: 1,
  downloadRuns: 1,
  filesRuns: 1,
  jobsRounds: 5,
  watchdogMs: 30 * 60_000,
};

export function planFor({ quick }) {
  return quick ? QUICK : FULL;
}
