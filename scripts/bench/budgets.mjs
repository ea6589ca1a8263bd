// The performance budgets (issue 14), in one place. Each reads its figure from
// the bench results and names what it is measured against (the floor, the
// print server called directly, or the figure before), so the report can
// print both side by side. A figure that could not be measured is a MISS; a
// page the portal does not serve yet is a SKIP with a note.

import { PAGES } from "./pages.mjs";

/** "Monthly summary" at scale 1000 in the README's run before issue 14 (2026-11-21), in seconds. */
export const REPORT_SECONDS_BEFORE = { csv: 1.83, xml: 2.05, xlsx: 3.31, ods: 3.06, pdf: 23.15 };
/** How much slower than before a format may be measured on a busy machine. */
export const REPORT_TOLERANCE = 0.1;
export const REPORT_BUDGET_SCALE = 1000;
const PDF_SECONDS = 5;
/** The first 50 of 2,000 waiting jobs on screen, from the navigation's start, in Chromium on the bench machine. */
const JOBS_FIRST_LIST_MS = 1500;
/** What the portal may add to a jobs call: a session, a token and a mapping more than /api/me. */
const JOBS_API_OVERHEAD_MS = 10;

const ms = (value) => `${value} ms`;
const percent = (share) => `${(share * 100).toFixed(1)} %`;
const level = (r, connections) => r.api?.levels?.find((l) => l.connections === connections);
const failuresOf = (...loads) =>
  loads.every((load) => typeof load?.failures === "number")
    ? loads.reduce((sum, load) => sum + load.failures, 0)
    : undefined;

function apiBudgets() {
  return [
    {
      id: "api-throughput",
      label: "GET /api/me throughput at 10 connections, share of the floor's",
      limit: ">= 50 %",
      value: (r) => level(r, 10)?.shareOfFloor,
      pass: (share) => share >= 0.5,
      show: percent,
      reference: (r) => {
        const l = level(r, 10);
        return l && `portal ${l.portal.requestsPerSecond} req/s, floor ${l.floor.requestsPerSecond} req/s`;
      },
    },
    {
      id: "api-overhead",
      label: "GET /api/me overhead over the direct call, p50 at 1 connection",
      limit: "<= 1.5 ms",
      value: (r) => level(r, 1)?.overheadP50Ms,
      pass: (overhead) => overhead <= 1.5,
      show: ms,
      reference: (r) => {
        const l = level(r, 1);
        return l && `portal ${ms(l.portal.p50Ms)}, direct ${ms(l.direct.p50Ms)}, floor ${ms(l.floor.p50Ms)}`;
      },
    },
    ...[1, 10].map((connections) => ({
      id: `api-failures-${connections}`,
      label: `Failed requests under load, GET /api/me at ${connections} connection${connections > 1 ? "s" : ""}`,
      limit: "= 0",
      value: (r) => failuresOf(level(r, connections)?.portal),
      pass: (failures) => failures === 0,
      show: String,
      reference: (r) => {
        const l = level(r, connections);
        return l && `floor ${l.floor.failures}, direct ${l.direct.failures}`;
      },
    })),
    {
      id: "print-server-failures",
      label: "Failed requests under load, print server alone (tokens, report list)",
      limit: "= 0",
      value: (r) => failuresOf(r.printServer?.clientCredentials, r.printServer?.loginInfo, r.printServer?.reportList),
      pass: (failures) => failures === 0,
      show: String,
    },
    {
      id: "sign-in-overhead",
      label: "Sign-in by PIN, overhead over the login_info token call (median)",
      limit: "<= 3 ms",
      value: (r) => r.signIn?.overheadMs,
      pass: (overhead) => overhead <= 3,
      show: ms,
      reference: (r) =>
        r.signIn &&
        `portal ${ms(r.signIn.portalMs)}, direct ${ms(r.signIn.loginInfoMs)}, floor ${ms(r.signIn.floorMs)} (overhead ${ms(r.signIn.floorOverheadMs)})`,
    },
  ];
}

function downloadBudgets() {
  return [
    {
      id: "download-throughput",
      label: "Download through the portal, share of direct throughput",
      limit: ">= 95 %",
      value: (r) => r.download?.ratio,
      pass: (ratio) => ratio >= 0.95,
      show: percent,
      reference: (r) =>
        r.download &&
        `portal ${r.download.portalMbPerSecond} MiB/s, direct ${r.download.directMbPerSecond} MiB/s, floor ${r.download.floorMbPerSecond} MiB/s (${percent(r.download.floorRatio)})`,
    },
    {
      id: "download-memory",
      label: "Portal memory growth while streaming (largest run after a warm-up download)",
      limit: "< 32 MiB",
      value: (r) => r.download?.portalRssGrowthMaxMb,
      pass: (mb) => mb < 32,
      show: (mb) => `${mb} MiB`,
      reference: (r) => r.download && `file ${(r.download.bytes / 2 ** 20).toFixed(0)} MiB`,
    },
  ];
}

/** The Jobs page of the scale user and a release (measure-jobs.mjs). */
function jobsBudgets() {
  const api = (r) => r.jobsApi;
  return [
    {
      id: "jobs-first-list",
      label: "Jobs page, 2,000 waiting jobs: time to the first list (median)",
      limit: `<= ${JOBS_FIRST_LIST_MS} ms`,
      value: (r) => r.jobsPage?.firstListMs,
      pass: (value) => value <= JOBS_FIRST_LIST_MS,
      show: ms,
      reference: (r) => r.pages?.served?.jobs && `first-load JS ${r.pages.served.jobs.gzipKb} kB gzip`,
    },
    {
      id: "jobs-list-overhead",
      label: "GET /api/jobs (first 50 of 2,000) overhead over GET /v3/jobs (median)",
      limit: `<= ${JOBS_API_OVERHEAD_MS} ms`,
      value: (r) => api(r)?.list.overheadMs,
      pass: (value) => value <= JOBS_API_OVERHEAD_MS,
      show: ms,
      reference: (r) => api(r) && `portal ${ms(api(r).list.portal.ms)}, direct ${ms(api(r).list.direct.ms)}`,
    },
    {
      id: "jobs-release-overhead",
      label: "Release one job through the portal, overhead over the direct release (median)",
      limit: `<= ${JOBS_API_OVERHEAD_MS} ms`,
      value: (r) => api(r)?.release.overheadMs,
      pass: (value) => value <= JOBS_API_OVERHEAD_MS,
      show: ms,
      reference: (r) => api(r) && `portal ${ms(api(r).release.portal.ms)}, direct ${ms(api(r).release.direct.ms)}`,
    },
  ];
}

/** Why a page's budgets do not apply in this run, if they do not. */
const pageSkipped = (r, page) => r.pages?.skipped?.[page.name];

function pageBudgets(page) {
  const js = (r) => r.pages?.served?.[page.name];
  const lighthouse = (r) => r.lighthouse?.served?.[page.name];
  const floorScore = (category) => (r) => r.lighthouse?.floor && `floor ${r.lighthouse.floor[category]}`;
  return [
    {
      id: `first-load-js-${page.name}`,
      label: `First-load JavaScript, ${page.name} page (gzip)`,
      limit: "<= 150 kB",
      value: (r) => js(r)?.gzipBytes,
      pass: (bytes) => bytes <= 150_000,
      show: (bytes) => `${(bytes / 1000).toFixed(1)} kB (${bytes.toLocaleString("en")} B)`,
      reference: (r) =>
        r.pages?.floor && js(r) && `floor ${r.pages.floor.gzipKb} kB; ${js(r).beyondFloorGzipKb} kB beyond it`,
    },
    {
      id: `console-errors-${page.name}`,
      label: `Console errors, ${page.name} page`,
      limit: "= 0",
      value: (r) => js(r)?.consoleErrors,
      pass: (count) => count === 0,
      show: String,
      reference: (r) => r.pages?.floor && `floor ${r.pages.floor.consoleErrors}`,
    },
    {
      id: `lighthouse-performance-${page.name}`,
      label: `Lighthouse performance, ${page.name} page (mobile)`,
      limit: ">= 98",
      value: (r) => lighthouse(r)?.performance,
      pass: (score) => score >= 98,
      show: String,
      reference: floorScore("performance"),
    },
    {
      id: `lighthouse-accessibility-${page.name}`,
      label: `Lighthouse accessibility, ${page.name} page (mobile)`,
      limit: "= 100",
      value: (r) => lighthouse(r)?.accessibility,
      pass: (score) => score === 100,
      show: String,
      reference: floorScore("accessibility"),
    },
  ].map((budget) => ({ ...budget, skipped: (r) => pageSkipped(r, page) }));
}

function reportBudgets() {
  const seconds = (format) => (r) => r.reportGeneration?.formats?.[format]?.seconds;
  const skipped = (r) =>
    r.reportGeneration && r.reportGeneration.scale !== REPORT_BUDGET_SCALE
      ? `measured at scale ${r.reportGeneration.scale}; the budget holds at scale ${REPORT_BUDGET_SCALE}`
      : undefined;
  const show = (s) => `${s} s`;
  return [
    {
      id: "report-pdf",
      label: `Monthly summary as PDF, scale ${REPORT_BUDGET_SCALE}, to download`,
      limit: `<= ${PDF_SECONDS} s`,
      value: seconds("pdf"),
      pass: (s) => s <= PDF_SECONDS,
      show,
      reference: () => `before ${REPORT_SECONDS_BEFORE.pdf} s`,
      skipped,
    },
    // The other formats: no slower than before.
    ...Object.entries(REPORT_SECONDS_BEFORE)
      .filter(([format]) => format !== "pdf")
      .map(([format, before]) => {
        const limit = Number((before * (1 + REPORT_TOLERANCE)).toFixed(2));
        return {
          id: `report-${format}`,
          label: `Monthly summary as ${format.toUpperCase()}, scale ${REPORT_BUDGET_SCALE}, to download`,
          limit: `<= ${limit} s`,
          value: seconds(format),
          pass: (s) => s <= limit,
          show,
          reference: () => `before ${before} s (+${REPORT_TOLERANCE * 100} %)`,
          skipped,
        };
      }),
  ];
}

export const BUDGETS = [
  ...apiBudgets(),
  ...downloadBudgets(),
  ...PAGES.flatMap(pageBudgets),
  ...jobsBudgets(),
  ...reportBudgets(),
];

export function checkBudgets(results) {
  return BUDGETS.map((budget) => {
    const base = { id: budget.id, label: budget.label, limit: budget.limit };
    const skipped = budget.skipped?.(results);
    if (skipped) return { ...base, value: null, shown: "-", status: "SKIP", pass: true, note: skipped };
    const value = budget.value(results);
    const measured = typeof value === "number" && Number.isFinite(value);
    const pass = measured && budget.pass(value);
    return {
      ...base,
      value: measured ? value : null,
      shown: measured ? budget.show(value) : "not measured",
      status: pass ? "PASS" : "MISS",
      pass,
      note: budget.reference?.(results) || undefined,
    };
  });
}
