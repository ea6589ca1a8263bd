// The performance budgets, in one place. Each reads its figure from the bench
// results and, where it has one, the floor's or the direct call's figure of
// the same run, so a slower machine moves both sides alike. A figure that
// could not be measured is a MISS; a page the portal does not serve yet is a
// SKIP with a note.

import { CACHE_PAGES } from "./cache-pages.mjs";
import { PAGES } from "./pages.mjs";

/** The monthly summary's seconds per format at scale 1000 before its rewrite; other formats may not get slower. */
export const REPORT_SECONDS_BEFORE = { csv: 1.83, xml: 2.05, xlsx: 3.31, ods: 3.06, pdf: 23.15 };
/** How much slower than before a format may be measured on a busy machine. */
export const REPORT_TOLERANCE = 0.1;
export const REPORT_BUDGET_SCALE = 1000;
const PDF_SECONDS = 5;
/** The first 50 of 2,000 waiting jobs on screen, from the navigation's start. */
const JOBS_FIRST_LIST_MS = 1500;
/** What the portal may add to a jobs call: a session, a token and a mapping. */
const JOBS_API_OVERHEAD_MS = 10;

/** Allowances over the floor (or the direct call) of the same run. */
export const ALLOWANCES = {
  lighthousePoints: 3,
  lcpMs: 800,
  tbtMs: 200,
  maxCls: 0.02,
  apiP95Ms: 5,
  apiThroughputShare: 0.4,
  signInP95Ms: 50,
  downloadThroughputShare: 0.9,
  downloadGrowthDifferenceMib: 16,
  downloadMaxGrowthMib: 64,
  filesThroughputShare: 0.8,
  filesMaxGrowthMib: 64,
};

const ms = (value) => `${Math.round(value).toLocaleString("en")} ms`;
const fineMs = (value) => `${value} ms`;
const percent = (share) => `${(share * 100).toFixed(1)} %`;
const mib = (value) => `${value} MiB`;
const isFigure = (value) => typeof value === "number" && Number.isFinite(value);

/**
 * A budget held against a reference figure of the same run: the portal's
 * figure may be at most `allowance` above the reference (`most`), or at
 * least the reference less `allowance` (`least`). Without the reference the
 * figure is not judged, and the budget is a MISS that says so.
 */
export function againstReference({
  id,
  label,
  figure,
  reference,
  referenceName,
  allowance,
  kind = "most",
  show,
  note,
}) {
  const bound = (r) => {
    const base = reference(r);
    if (!isFigure(base)) return undefined;
    return kind === "most" ? base + allowance : base - allowance;
  };
  const sign = kind === "most" ? "<=" : ">=";
  const plus = kind === "most" ? "+" : "-";
  return {
    id,
    label,
    limit: (r) => {
      const base = reference(r);
      return isFigure(base)
        ? `${sign} ${show(bound(r))} (${referenceName} ${show(base)} ${plus} ${show(allowance)})`
        : `${sign} ${referenceName} ${plus} ${show(allowance)}`;
    },
    value: (r) => (isFigure(bound(r)) ? figure(r) : undefined),
    pass: (value, r) => (kind === "most" ? value <= bound(r) : value >= bound(r)),
    show,
    reference: (r) => (isFigure(reference(r)) ? note?.(r) : `the ${referenceName} was not measured`),
  };
}

/** The portal's share of the floor's figure (throughput), or undefined without both. */
export function shareOf(portal, floor) {
  return isFigure(portal) && isFigure(floor) && floor > 0 ? portal / floor : undefined;
}

function apiBudgets() {
  const paced = (r, side) => r.api?.paced?.[side];
  const flatOut = (r, side) => r.api?.flatOut?.[side];
  return [
    againstReference({
      id: "api-me-p95",
      label: "GET /api/me at 50 sessions (each asks, reads, pauses): p95 latency beside the floor's",
      figure: (r) => paced(r, "portal")?.p95Ms,
      reference: (r) => paced(r, "floor")?.p95Ms,
      referenceName: "floor",
      allowance: ALLOWANCES.apiP95Ms,
      show: fineMs,
      note: (r) =>
        paced(r, "portal") &&
        `p50 portal ${fineMs(paced(r, "portal").p50Ms)}, floor ${fineMs(paced(r, "floor").p50Ms)}`,
    }),
    {
      id: "api-me-throughput",
      label: "GET /api/me at 50 connections without pause: throughput, share of the floor's",
      limit: `>= ${percent(ALLOWANCES.apiThroughputShare)}`,
      value: (r) => shareOf(flatOut(r, "portal")?.requestsPerSecond, flatOut(r, "floor")?.requestsPerSecond),
      pass: (share) => share >= ALLOWANCES.apiThroughputShare,
      show: percent,
      reference: (r) =>
        flatOut(r, "portal") &&
        flatOut(r, "floor") &&
        `portal ${flatOut(r, "portal").requestsPerSecond} req/s, floor ${flatOut(r, "floor").requestsPerSecond} req/s`,
    },
    {
      id: "api-me-failures",
      label: "GET /api/me failed requests, 50 sessions and 50 connections",
      limit: "= 0",
      value: (r) => {
        const loads = [paced(r, "portal"), flatOut(r, "portal")];
        return loads.every((load) => isFigure(load?.failures)) ? loads[0].failures + loads[1].failures : undefined;
      },
      pass: (failures) => failures === 0,
      show: String,
      reference: (r) =>
        isFigure(paced(r, "floor")?.failures) &&
        isFigure(flatOut(r, "floor")?.failures) &&
        `floor ${paced(r, "floor").failures + flatOut(r, "floor").failures}`,
    },
    {
      id: "print-server-failures",
      label: "Failed requests under load, print server alone (tokens, report list)",
      limit: "= 0",
      value: (r) => {
        const loads = [r.printServer?.clientCredentials, r.printServer?.loginInfo, r.printServer?.reportList];
        return loads.every((load) => isFigure(load?.failures))
          ? loads.reduce((sum, load) => sum + load.failures, 0)
          : undefined;
      },
      pass: (failures) => failures === 0,
      show: String,
    },
  ];
}

function signInBudgets() {
  return [
    ["pin", "PIN"],
    ["password", "user name and password"],
  ].map(([method, name]) => {
    const figures = (r) => r.signIn?.[method];
    return againstReference({
      id: `sign-in-${method}-p95`,
      label: `Sign-in by ${name}, form post to session cookie: p95 beside the direct token call's`,
      figure: (r) => figures(r)?.portal?.p95Ms,
      reference: (r) => figures(r)?.direct?.p95Ms,
      referenceName: "direct call",
      allowance: ALLOWANCES.signInP95Ms,
      show: fineMs,
      note: (r) =>
        figures(r)?.portal &&
        `median portal ${fineMs(figures(r).portal.p50Ms)}, direct ${fineMs(figures(r).direct.p50Ms)}`,
    });
  });
}

function downloadBudgets() {
  const size = (r, name) => r.download?.sizes?.[name];
  return [
    {
      id: "download-throughput",
      label: "Download of a 1 GiB file through the portal: throughput, share of the floor's",
      limit: `>= ${percent(ALLOWANCES.downloadThroughputShare)}`,
      value: (r) => shareOf(size(r, "large")?.portal?.mibPerSecond, size(r, "large")?.floor?.mibPerSecond),
      pass: (share) => share >= ALLOWANCES.downloadThroughputShare,
      show: percent,
      reference: (r) =>
        size(r, "large") &&
        `portal ${size(r, "large").portal.mibPerSecond} MiB/s, floor ${size(r, "large").floor.mibPerSecond} MiB/s`,
    },
    {
      id: "download-memory-growth",
      label: "Portal memory growth for a 1 GiB file less that for a 100 MiB file",
      limit: `<= ${mib(ALLOWANCES.downloadGrowthDifferenceMib)}`,
      value: (r) => {
        const large = size(r, "large")?.portal?.rssGrowthMib;
        const small = size(r, "small")?.portal?.rssGrowthMib;
        return isFigure(large) && isFigure(small) ? Number((large - small).toFixed(1)) : undefined;
      },
      pass: (difference) => difference <= ALLOWANCES.downloadGrowthDifferenceMib,
      show: mib,
      reference: (r) =>
        size(r, "large") &&
        size(r, "small") &&
        `1 GiB +${mib(size(r, "large").portal.rssGrowthMib)}, 100 MiB +${mib(size(r, "small").portal.rssGrowthMib)}`,
    },
    {
      id: "download-memory",
      label: "Portal memory growth while streaming a 1 GiB file",
      limit: `< ${mib(ALLOWANCES.downloadMaxGrowthMib)}`,
      value: (r) => size(r, "large")?.portal?.rssGrowthMib,
      pass: (growth) => growth < ALLOWANCES.downloadMaxGrowthMib,
      show: mib,
      reference: (r) => size(r, "large") && `baseline ${mib(size(r, "large").portal.rssBaselineMib)}`,
    },
  ];
}

/** The 200 MiB upload to Files and its download, beside a plain copy (measure-files.mjs). */
function filesBudgets() {
  const figures = (r, direction) => r.files?.[direction];
  return [
    ["upload", "Upload", "to"],
    ["download", "Download", "from"],
  ].flatMap(([direction, name, way]) => [
    {
      id: `files-${direction}-throughput`,
      label: `${name} of a 200 MiB PDF ${way} Files: throughput, share of a plain copy's over loopback HTTP`,
      limit: `>= ${percent(ALLOWANCES.filesThroughputShare)}`,
      value: (r) => shareOf(figures(r, direction)?.portal?.mibPerSecond, figures(r, direction)?.copy?.mibPerSecond),
      pass: (share) => share >= ALLOWANCES.filesThroughputShare,
      show: percent,
      reference: (r) =>
        figures(r, direction) &&
        `portal ${figures(r, direction).portal.mibPerSecond} MiB/s, plain copy ${figures(r, direction).copy.mibPerSecond} MiB/s`,
    },
    {
      id: `files-${direction}-memory`,
      label: `Portal memory growth during the ${direction} of a 200 MiB PDF ${way} Files`,
      limit: `< ${mib(ALLOWANCES.filesMaxGrowthMib)}`,
      value: (r) => figures(r, direction)?.portal?.rssGrowthMib,
      pass: (growth) => growth < ALLOWANCES.filesMaxGrowthMib,
      show: mib,
      reference: (r) =>
        figures(r, direction) &&
        `largest ${mib(figures(r, direction).portal.rssGrowthMaxMib)}, baseline ${mib(figures(r, direction).portal.rssBaselineMib)}`,
    },
  ]);
}

/** Home, then Jobs, then Credit in one tab (measure-cached-balance.mjs). */
function cacheBudgets() {
  return CACHE_PAGES.map((page) => {
    const figures = (r) => r.cache?.pages?.[page.name];
    return {
      id: `cache-balance-${page.name}`,
      label: `${page.from} to ${page.title} by its nav link: available figure in the first frame (its money request held), then refreshed`,
      limit: "every run",
      value: (r) => {
        const f = figures(r);
        return f && f.runs > 0 ? f.met / f.runs : undefined;
      },
      pass: (share) => share === 1,
      show: () => "",
      shown: (r) => `${figures(r).met} of ${figures(r).runs} runs`,
      reference: (r) => {
        const f = figures(r);
        return (
          f &&
          `first frame ${f.firstFrame} of ${f.runs}, refreshed ${f.refreshed} of ${f.runs}${f.why ? `; ${f.why}` : ""}`
        );
      },
    };
  });
}

/** The Jobs page of the scale user and a release (measure-jobs.mjs). */
function jobsBudgets() {
  const api = (r) => r.jobsApi;
  return [
    {
      id: "jobs-first-list",
      label: "Jobs page, 2,000 waiting jobs: time to the first list (median)",
      limit: `<= ${ms(JOBS_FIRST_LIST_MS)}`,
      value: (r) => r.jobsPage?.firstListMs,
      pass: (value) => value <= JOBS_FIRST_LIST_MS,
      show: ms,
    },
    {
      id: "jobs-list-overhead",
      label: "GET /api/jobs (first 50 of 2,000) overhead over GET /v3/jobs (median)",
      limit: `<= ${fineMs(JOBS_API_OVERHEAD_MS)}`,
      value: (r) => api(r)?.list.overheadMs,
      pass: (value) => value <= JOBS_API_OVERHEAD_MS,
      show: fineMs,
      reference: (r) => api(r) && `portal ${fineMs(api(r).list.portal.ms)}, direct ${fineMs(api(r).list.direct.ms)}`,
    },
    {
      id: "jobs-release-overhead",
      label: "Release one job through the portal, overhead over the direct release (median)",
      limit: `<= ${fineMs(JOBS_API_OVERHEAD_MS)}`,
      value: (r) => api(r)?.release.overheadMs,
      pass: (value) => value <= JOBS_API_OVERHEAD_MS,
      show: fineMs,
      reference: (r) =>
        api(r) && `portal ${fineMs(api(r).release.portal.ms)}, direct ${fineMs(api(r).release.direct.ms)}`,
    },
  ];
}

/** Why a page's budgets do not apply in this run, if they do not. */
const pageSkipped = (r, page) => r.pages?.skipped?.[page.name];

function pageBudgets(page) {
  const js = (r) => r.pages?.served?.[page.name];
  const lighthouse = (r) => r.lighthouse?.served?.[page.name];
  const floorLighthouse = (r) => r.lighthouse?.floor;
  const metric = (side, id) => (r) => side(r)?.metrics?.[id];
  const firstLoad = (r) =>
    js(r) && r.pages?.floor ? `first-load JS ${js(r).gzipKb} kB, floor ${r.pages.floor.gzipKb} kB (gzip)` : undefined;
  const budgets = [
    againstReference({
      id: `lighthouse-performance-${page.name}`,
      label: `Lighthouse performance, ${page.name} page (mobile, median of runs)`,
      figure: (r) => lighthouse(r)?.performance,
      reference: (r) => floorLighthouse(r)?.performance,
      referenceName: "floor",
      allowance: ALLOWANCES.lighthousePoints,
      kind: "least",
      show: String,
      note: firstLoad,
    }),
    againstReference({
      id: `lighthouse-lcp-${page.name}`,
      label: `Largest contentful paint, ${page.name} page (Lighthouse mobile, median)`,
      figure: metric(lighthouse, "largest-contentful-paint"),
      reference: metric(floorLighthouse, "largest-contentful-paint"),
      referenceName: "floor",
      allowance: ALLOWANCES.lcpMs,
      show: ms,
    }),
    againstReference({
      id: `lighthouse-tbt-${page.name}`,
      label: `Total blocking time, ${page.name} page (Lighthouse mobile, median)`,
      figure: metric(lighthouse, "total-blocking-time"),
      reference: metric(floorLighthouse, "total-blocking-time"),
      referenceName: "floor",
      allowance: ALLOWANCES.tbtMs,
      show: ms,
    }),
    {
      id: `lighthouse-cls-${page.name}`,
      label: `Cumulative layout shift, ${page.name} page (Lighthouse mobile, median)`,
      limit: `<= ${ALLOWANCES.maxCls}`,
      value: metric(lighthouse, "cumulative-layout-shift"),
      pass: (shift) => shift <= ALLOWANCES.maxCls,
      show: String,
      reference: (r) =>
        isFigure(metric(floorLighthouse, "cumulative-layout-shift")(r)) &&
        `floor ${metric(floorLighthouse, "cumulative-layout-shift")(r)}`,
    },
    {
      id: `lighthouse-accessibility-${page.name}`,
      label: `Lighthouse accessibility, ${page.name} page (mobile)`,
      limit: "= 100",
      value: (r) => lighthouse(r)?.accessibility,
      pass: (score) => score === 100,
      show: String,
      reference: (r) =>
        lighthouse(r)
          ?.failedAudits?.filter((a) => a.startsWith("accessibility"))
          .join(", ") || undefined,
    },
    {
      id: `console-errors-${page.name}`,
      label: `Console errors, ${page.name} page`,
      limit: "= 0",
      value: (r) => js(r)?.consoleErrors,
      pass: (count) => count === 0,
      show: String,
      reference: (r) => js(r)?.consoleMessages?.[0],
    },
  ];
  return budgets.map((budget) => ({ ...budget, skipped: (r) => pageSkipped(r, page) }));
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
  ...PAGES.flatMap(pageBudgets),
  ...cacheBudgets(),
  ...apiBudgets(),
  ...signInBudgets(),
  ...downloadBudgets(),
  ...filesBudgets(),
  ...jobsBudgets(),
  ...reportBudgets(),
];

/** The groups `--only` runs, each with the start of the ids of the budgets it checks. */
export const GROUPS = {
  pages: ["lighthouse-", "console-errors-"],
  cache: ["cache-"],
  api: ["api-"],
  "sign-in": ["sign-in-"],
  download: ["download-"],
  files: ["files-"],
  jobs: ["jobs-"],
  reports: ["report-", "print-server-"],
};

/** The budgets of one group, or every budget without one. */
export function budgetsOf(checks, group) {
  if (group === undefined) return checks;
  return checks.filter((check) => GROUPS[group].some((start) => check.id.startsWith(start)));
}

export function checkBudgets(results, budgets = BUDGETS) {
  return budgets.map((budget) => {
    const limit = typeof budget.limit === "function" ? budget.limit(results) : budget.limit;
    const base = { id: budget.id, label: budget.label, limit };
    const skipped = budget.skipped?.(results);
    if (skipped) return { ...base, value: null, shown: "-", status: "SKIP", pass: true, note: skipped };
    const value = budget.value(results);
    const measured = isFigure(value);
    const pass = measured && budget.pass(value, results);
    let shown = "not measured";
    if (measured) shown = budget.shown ? budget.shown(results) : budget.show(value);
    return {
      ...base,
      value: measured ? value : null,
      shown,
      status: pass ? "PASS" : "MISS",
      pass,
      note: budget.reference?.(results) || undefined,
    };
  });
}
