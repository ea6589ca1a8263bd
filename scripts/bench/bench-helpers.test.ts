import { describe, expect, it } from "vitest";
import { planFor, readOptions } from "./bench-options.mjs";
import { BUDGETS, budgetsOf, checkBudgets, GROUPS, type BudgetCheck } from "./budgets.mjs";
import { bumpedMoney, cacheFigures, figureAfterMs, firstFrameAt, showsFigure } from "./measure-cached-balance.mjs";
import { curlAnswer } from "./curl.mjs";
import { downloadFigures } from "./measure-download.mjs";
import { checkedUpload, filesFigures } from "./measure-files.mjs";
import { FLOOR_PAGE, lighthouseRounds } from "./pages.mjs";
import { sessionCookies, signInFields, signInForm } from "./portal-session.mjs";
import { renderTable } from "./report.mjs";
import { median, percentile } from "./stats.mjs";

const MIB = 1024 * 1024;
const byId = (checks: BudgetCheck[]) => Object.fromEntries(checks.map((c) => [c.id, c]));

describe("stats", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it("answers nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
  });
});

describe("lighthouseRounds", () => {
  const signIn = { name: "sign-in", path: "/sign-in", signedIn: false };
  const home = { name: "home", path: "/", signedIn: true };
  const jobs = { name: "jobs", path: "/jobs", signedIn: true };

  it("runs the floor's page in turns with the pages, each round signed out before signed in", () => {
    const steps = lighthouseRounds([home, signIn, jobs], 2);
    expect(steps.map((s) => `${s.run} ${s.page.name}`)).toEqual([
      "1 floor",
      "1 sign-in",
      "1 home",
      "1 jobs",
      "2 floor",
      "2 sign-in",
      "2 home",
      "2 jobs",
    ]);
    expect(steps.filter((s) => s.page.name === "floor").every((s) => s.page === FLOOR_PAGE)).toBe(true);
  });
});

describe("options", () => {
  it("reads one group and the quick plan", () => {
    expect(readOptions(["--only", "pages"])).toEqual({ only: "pages", quick: false });
    expect(readOptions(["--only=sign-in", "--quick"])).toEqual({ only: "sign-in", quick: true });
    expect(readOptions([], { BENCH_QUICK: "1" })).toEqual({ only: undefined, quick: true });
  });

  it("refuses an unknown group or option", () => {
    expect(() => readOptions(["--only", "everything"])).toThrow(/--only takes a group/);
    expect(() => readOptions(["--only"])).toThrow(/not nothing/);
    expect(() => readOptions(["--fast"])).toThrow(/unknown option/);
  });

  it("takes Lighthouse's median of five in a whole run and one run each in a quick one", () => {
    expect(planFor({ quick: false })).toMatchObject({ lighthouseRuns: 5, runs: 3 });
    expect(planFor({ quick: true })).toMatchObject({ lighthouseRuns: 1, runs: 1, cacheRuns: 1, downloadRuns: 1 });
  });
});

describe("signInForm", () => {
  const html = `<form action="/api/auth/sign-in" method="post">
    <input type="hidden" name="method" value="pin"/>
    <input type="hidden" name="callbackUrl" value="/reports?embed=1&amp;view=a"/>
    <input type="password" name="pin" value=""/>
  </form>`;

  it("reads where the PIN form posts, its encoding and its hidden fields, entities decoded", () => {
    expect(signInForm(html)).toEqual({
      action: "/api/auth/sign-in",
      multipart: false,
      fields: [
        ["method", "pin"],
        ["callbackUrl", "/reports?embed=1&view=a"],
      ],
    });
  });

  it("posts the hidden fields, each given credential in place of its hidden one", () => {
    expect(signInFields(signInForm(html), { method: "password", username: "manager", password: "x" })).toEqual([
      ["callbackUrl", "/reports?embed=1&view=a"],
      ["method", "password"],
      ["username", "manager"],
      ["password", "x"],
    ]);
  });

  it("takes a session only from a redirect that sets the session cookie", () => {
    const lines = ["authjs.session-token=abc; Path=/; HttpOnly", "theme=dark; Path=/"];
    expect(sessionCookies(303, lines)).toEqual(["authjs.session-token=abc"]);
    expect(sessionCookies(302, lines)).toEqual(["authjs.session-token=abc"]);
    expect(sessionCookies(303, ["theme=dark; Path=/"])).toEqual([]);
    expect(sessionCookies(200, lines)).toEqual([]);
    expect(sessionCookies(400, lines)).toEqual([]);
  });
});

/** Lighthouse figures of one page or the floor's. */
const lighthouse = (performance: number, lcp: number, tbt: number, cls: number, accessibility = 100) => ({
  performance,
  accessibility,
  "best-practices": 100,
  metrics: { "largest-contentful-paint": lcp, "total-blocking-time": tbt, "cumulative-layout-shift": cls },
  failedAudits: accessibility < 100 ? ["accessibility: target-size"] : [],
});
const load = (requestsPerSecond: number, p50Ms: number, p95Ms: number, failures = 0) => ({
  requestsPerSecond,
  p50Ms,
  p95Ms,
  failures,
});

describe("page budgets, each beside the floor's page of the same run", () => {
  const results = {
    pages: {
      floor: { gzipKb: 134.6, consoleErrors: 0 },
      served: {
        "sign-in": { gzipKb: 142.3, consoleErrors: 0 },
        home: { gzipKb: 160.1, consoleErrors: 2, consoleMessages: ["uncaught: boom"] },
      },
      skipped: { profile: "/profile answers 404 (not built yet): not measured" },
    },
    lighthouse: {
      floor: lighthouse(95, 1200, 264, 0),
      served: {
        // Each at the edge of its budget.
        "sign-in": lighthouse(92, 2000, 464, 0.02),
        // Each just over it.
        home: lighthouse(91, 2001, 465, 0.021, 96),
      },
    },
  };
  const checks = byId(checkBudgets(results));

  it("holds performance within 3 points of the floor's, naming the bound and the floor", () => {
    expect(checks["lighthouse-performance-sign-in"]).toMatchObject({
      status: "PASS",
      value: 92,
      limit: ">= 92 (floor 95 - 3)",
    });
    expect(checks["lighthouse-performance-sign-in"]?.note).toBe("first-load JS 142.3 kB, floor 134.6 kB (gzip)");
    expect(checks["lighthouse-performance-home"]).toMatchObject({ status: "MISS", value: 91 });
  });

  it("holds LCP within 800 ms and TBT within 200 ms of the floor's", () => {
    expect(checks["lighthouse-lcp-sign-in"]).toMatchObject({
      status: "PASS",
      shown: "2,000 ms",
      limit: "<= 2,000 ms (floor 1,200 ms + 800 ms)",
    });
    expect(checks["lighthouse-lcp-home"]?.status).toBe("MISS");
    expect(checks["lighthouse-tbt-sign-in"]).toMatchObject({
      status: "PASS",
      limit: "<= 464 ms (floor 264 ms + 200 ms)",
    });
    expect(checks["lighthouse-tbt-home"]?.status).toBe("MISS");
  });

  it("holds layout shift, accessibility and console errors to their fixed limits", () => {
    expect(checks["lighthouse-cls-sign-in"]?.status).toBe("PASS");
    expect(checks["lighthouse-cls-home"]).toMatchObject({ status: "MISS", limit: "<= 0.02" });
    expect(checks["lighthouse-accessibility-sign-in"]?.status).toBe("PASS");
    expect(checks["lighthouse-accessibility-home"]).toMatchObject({
      status: "MISS",
      note: "accessibility: target-size",
    });
    expect(checks["console-errors-sign-in"]?.status).toBe("PASS");
    expect(checks["console-errors-home"]).toMatchObject({ status: "MISS", shown: "2", note: "uncaught: boom" });
  });

  it("does not judge a page without the floor's figure, and says so", () => {
    const noFloor = byId(checkBudgets({ lighthouse: { served: { home: lighthouse(99, 900, 10, 0) } } }));
    expect(noFloor["lighthouse-performance-home"]).toMatchObject({
      status: "MISS",
      shown: "not measured",
      limit: ">= floor - 3",
      note: "the floor was not measured",
    });
    expect(noFloor["lighthouse-cls-home"]?.status).toBe("PASS");
  });

  it("skips the budgets of a page the portal does not serve yet, and counts an unmeasured page a miss", () => {
    for (const id of ["lighthouse-performance-profile", "lighthouse-lcp-profile", "console-errors-profile"]) {
      expect(checks[id]).toMatchObject({ status: "SKIP", pass: true });
    }
    expect(checks["lighthouse-performance-credit"]).toMatchObject({ status: "MISS", value: null });
  });
});

describe("budgets beside the floor's route or the direct call", () => {
  const results = {
    api: {
      paced: { portal: load(95, 6, 12), floor: load(98, 2, 7) },
      flatOut: { portal: load(400, 100, 150), floor: load(1000, 40, 60) },
    },
    signIn: {
      pin: { portal: { p50Ms: 40, p95Ms: 80 }, direct: { p50Ms: 20, p95Ms: 30 } },
      password: { portal: { p50Ms: 60, p95Ms: 81 }, direct: { p50Ms: 20, p95Ms: 30 } },
    },
    download: {
      sizes: {
        small: { portal: { mibPerSecond: 300, rssGrowthMib: 20 }, floor: { mibPerSecond: 310 } },
        large: { portal: { mibPerSecond: 270, rssGrowthMib: 36, rssBaselineMib: 180 }, floor: { mibPerSecond: 300 } },
      },
    },
  };
  const checks = byId(checkBudgets(results));

  it("holds /api/me's p95 within 5 ms of the floor's and its throughput at 40 % of the floor's", () => {
    expect(checks["api-me-p95"]).toMatchObject({ status: "PASS", limit: "<= 12 ms (floor 7 ms + 5 ms)" });
    expect(checks["api-me-throughput"]).toMatchObject({ status: "PASS", shown: "40.0 %" });
    expect(checks["api-me-failures"]).toMatchObject({ status: "PASS", value: 0 });
    const slower = byId(
      checkBudgets({
        api: {
          paced: { portal: load(95, 6, 12.1), floor: load(98, 2, 7) },
          flatOut: { portal: load(399, 100, 150, 1), floor: load(1000, 40, 60) },
        },
      }),
    );
    expect(slower["api-me-p95"]?.status).toBe("MISS");
    expect(slower["api-me-throughput"]?.status).toBe("MISS");
    expect(slower["api-me-failures"]).toMatchObject({ status: "MISS", value: 1 });
  });

  it("holds each sign-in's p95 within 50 ms of the direct token call's", () => {
    expect(checks["sign-in-pin-p95"]).toMatchObject({ status: "PASS", limit: "<= 80 ms (direct call 30 ms + 50 ms)" });
    expect(checks["sign-in-password-p95"]).toMatchObject({ status: "MISS", value: 81 });
  });

  it("holds the download at 90 % of the floor's throughput and its memory flat across file sizes", () => {
    expect(checks["download-throughput"]).toMatchObject({ status: "PASS", shown: "90.0 %" });
    expect(checks["download-memory-growth"]).toMatchObject({ status: "PASS", value: 16 });
    expect(checks["download-memory"]).toMatchObject({ status: "PASS", value: 36 });
    const grows = byId(
      checkBudgets({
        download: {
          sizes: {
            small: { portal: { mibPerSecond: 300, rssGrowthMib: 20 }, floor: { mibPerSecond: 310 } },
            large: { portal: { mibPerSecond: 260, rssGrowthMib: 64 }, floor: { mibPerSecond: 300 } },
          },
        },
      }),
    );
    expect(grows["download-throughput"]?.status).toBe("MISS");
    expect(grows["download-memory-growth"]).toMatchObject({ status: "MISS", value: 44 });
    expect(grows["download-memory"]).toMatchObject({ status: "MISS", limit: "< 64 MiB" });
  });
});

describe("the files budgets, beside a plain copy of the same run", () => {
  const way = (portal: number, copy: number, growth: number) => ({
    portal: { mibPerSecond: portal, rssGrowthMib: growth, rssGrowthMaxMib: growth + 2, rssBaselineMib: 150 },
    copy: { mibPerSecond: copy },
  });

  it("holds upload and download at 80 % of the plain copy's throughput and their memory under 64 MiB", () => {
    const checks = byId(checkBudgets({ files: { upload: way(160, 200, 20), download: way(240, 300, 63.9) } }));
    expect(checks["files-upload-throughput"]).toMatchObject({
      status: "PASS",
      shown: "80.0 %",
      limit: ">= 80.0 %",
      note: "portal 160 MiB/s, plain copy 200 MiB/s",
    });
    expect(checks["files-download-throughput"]).toMatchObject({ status: "PASS", shown: "80.0 %" });
    expect(checks["files-upload-memory"]).toMatchObject({ status: "PASS", value: 20, limit: "< 64 MiB" });
    expect(checks["files-download-memory"]).toMatchObject({ status: "PASS", value: 63.9 });
  });

  it("misses a slower upload or download, 64 MiB of growth, and figures not measured", () => {
    const checks = byId(checkBudgets({ files: { upload: way(159, 200, 64), download: way(100, 300, 10) } }));
    expect(checks["files-upload-throughput"]).toMatchObject({ status: "MISS", shown: "79.5 %" });
    expect(checks["files-download-throughput"]?.status).toBe("MISS");
    expect(checks["files-upload-memory"]).toMatchObject({ status: "MISS", value: 64 });
    expect(checks["files-download-memory"]?.status).toBe("PASS");
    const none = byId(checkBudgets({}));
    for (const id of ["upload-throughput", "download-throughput", "upload-memory", "download-memory"])
      expect(none[`files-${id}`]).toMatchObject({ status: "MISS", shown: "not measured" });
  });

  it("checks only the files group with --only files", () => {
    expect(budgetsOf(checkBudgets({}), "files").map((c) => c.id)).toEqual([
      "files-upload-throughput",
      "files-upload-memory",
      "files-download-throughput",
      "files-download-memory",
    ]);
  });
});

describe("the cache budget", () => {
  it("passes only when every run showed the figure in the first frame and then refreshed it", () => {
    const pages = {
      jobs: { runs: 3, met: 3, firstFrame: 3, refreshed: 3 },
      credit: { runs: 3, met: 2, firstFrame: 2, refreshed: 3, why: "no figure in the first frame" },
    };
    const checks = byId(checkBudgets({ cache: { pages } }));
    expect(checks["cache-balance-jobs"]).toMatchObject({ status: "PASS", shown: "3 of 3 runs", value: 1 });
    expect(checks["cache-balance-credit"]).toMatchObject({ status: "MISS", shown: "2 of 3 runs" });
    expect(checks["cache-balance-credit"]?.note).toBe(
      "first frame 2 of 3, refreshed 3 of 3; no figure in the first frame",
    );
  });

  it("takes the first frame that shows the new page, not the old one under the new address", () => {
    const frames = [
      { path: "/", current: "/", text: "€25.50", at: 10 },
      { path: "/jobs", current: "/", text: "€25.50", at: 20 },
      { path: "/jobs", current: "/jobs", text: "", at: 36 },
      { path: "/jobs", current: "/jobs", text: "€26.50", at: 300 },
    ];
    expect(firstFrameAt(frames, "/jobs")).toEqual({ path: "/jobs", current: "/jobs", text: "", at: 36 });
    expect(firstFrameAt([{ path: "/credit", current: null, text: "€1.00", at: 5 }], "/credit")?.text).toBe("€1.00");
    expect(firstFrameAt(frames, "/credit")).toBeUndefined();
  });

  it("tells how long after the first frame a figure came while the request was held", () => {
    const frames = [
      { path: "/jobs", current: "/jobs", text: "…", at: 36 },
      { path: "/jobs", current: "/jobs", text: "€25.50", at: 52 },
    ];
    expect(figureAfterMs(frames, frames[0])).toBe(16);
    expect(figureAfterMs(frames.slice(1), frames[1])).toBe(0);
    expect(figureAfterMs(frames.slice(0, 1), frames[0])).toBeUndefined();
    expect(figureAfterMs(frames, undefined)).toBeUndefined();
  });

  it("tells a figure from the placeholder a page shows while it waits", () => {
    expect(showsFigure("€25.50")).toBe(true);
    expect(showsFigure("25,50 Kč")).toBe(true);
    expect(showsFigure("…")).toBe(false);
    expect(showsFigure("")).toBe(false);
  });

  it("raises the money answer's figure, and leaves an answer without one alone", () => {
    const answer = JSON.stringify({ currency: "EUR", credit: { availableToPrint: 25.5, accounts: [] }, quota: null });
    expect(JSON.parse(bumpedMoney(answer, 1) ?? "null")).toMatchObject({ credit: { availableToPrint: 26.5 } });
    expect(bumpedMoney(JSON.stringify({ credit: null }), 1)).toBeUndefined();
    expect(bumpedMoney("not json", 1)).toBeUndefined();
  });

  it("counts the runs per page and keeps each reason once", () => {
    const figures = cacheFigures([
      {
        jobs: { met: true, firstFrame: true, refreshed: true },
        credit: { met: false, firstFrame: false, refreshed: true, why: "no figure in the first frame" },
      },
      { jobs: { met: false, why: "the address did not change while the money request was held" } },
    ]);
    expect(figures.jobs).toMatchObject({ runs: 2, met: 1, firstFrame: 1, refreshed: 1 });
    expect(figures.credit).toMatchObject({
      runs: 2,
      met: 0,
      firstFrame: 0,
      refreshed: 1,
      why: "no figure in the first frame; not reached",
    });
  });
});

describe("download figures", () => {
  it("takes the medians of the runs, memory growth in MiB", () => {
    const run = (mibPerSecond: number, growthMib: number) => ({
      mibPerSecond,
      seconds: 1024 / mibPerSecond,
      growthBytes: growthMib * MIB,
      baselineBytes: 180 * MIB,
    });
    const figures = downloadFigures(
      { bytes: 1024 * MIB },
      [run(200, 10), run(300, 30), run(250, 12)],
      [run(280, 0), run(320, 0), run(300, 0)],
    );
    expect(figures.portal).toMatchObject({
      mibPerSecond: 250,
      rssGrowthMib: 12,
      rssGrowthMaxMib: 30,
      rssBaselineMib: 180,
    });
    expect(figures.floor.mibPerSecond).toBe(300);
  });
});

describe("files figures", () => {
  const file = { bytes: 200 * MIB, label: "200 MiB" };
  const timing = (mibPerSecond: number, growthMib = 0) => ({
    mibPerSecond,
    seconds: 200 / mibPerSecond,
    growthBytes: growthMib * MIB,
    baselineBytes: 150 * MIB,
  });

  it("takes the medians of each way's runs, the portal's memory beside them", () => {
    const portal = [
      { upload: timing(100, 8), download: timing(200, 4) },
      { upload: timing(140, 30), download: timing(260, 2) },
      { upload: timing(120, 10), download: timing(250, 3) },
    ];
    const copy = [
      { upload: timing(150), download: timing(300) },
      { upload: timing(170), download: timing(310) },
      { upload: timing(160), download: timing(290) },
    ];
    const figures = filesFigures(file, portal, copy);
    expect(figures.upload.portal).toMatchObject({ mibPerSecond: 120, rssGrowthMib: 10, rssGrowthMaxMib: 30 });
    expect(figures.upload.copy).toEqual({ mibPerSecond: 160, seconds: 1.25 });
    expect(figures.download.portal).toMatchObject({ mibPerSecond: 250, rssGrowthMib: 3, rssBaselineMib: 150 });
    expect(figures.download.copy.mibPerSecond).toBe(300);
  });

  it("takes an upload only when it was stored whole", () => {
    const answer = curlAnswer('{"file":{"size":209715200}}\n201 0 209715200 2.000000 ');
    expect(answer).toMatchObject({ statusCode: 201, uploadedBytes: 200 * MIB, seconds: 2, encoding: "identity" });
    expect(answer.body).toBe('{"file":{"size":209715200}}');
    expect(checkedUpload(answer, "the upload", file)).toEqual({ seconds: 2, mibPerSecond: 100 });
    expect(() => checkedUpload({ ...answer, statusCode: 413 }, "the upload", file)).toThrow(/answered 413/);
    expect(() => checkedUpload({ ...answer, uploadedBytes: MIB }, "the upload", file)).toThrow(/took 1048576 of/);
  });

  it("reads a download's figures when curl kept no body", () => {
    expect(curlAnswer("\n200 104857600 0 0.5 gzip")).toMatchObject({
      statusCode: 200,
      bytes: 100 * MIB,
      encoding: "gzip",
      body: "",
    });
  });
});

describe("the budget list", () => {
  const ids = BUDGETS.map((b) => b.id);

  it("has no budget left of the old micro budgets", () => {
    for (const gone of ["api-overhead", "sign-in-overhead", "api-throughput"]) expect(ids).not.toContain(gone);
    expect(ids.some((id) => id.startsWith("first-load-js-"))).toBe(false);
  });

  it("puts every budget in exactly one group, so --only checks what it measured", () => {
    for (const id of ids) {
      const groups = Object.entries(GROUPS).filter(([, starts]) => starts.some((start) => id.startsWith(start)));
      expect(
        groups.map(([name]) => name),
        id,
      ).toHaveLength(1);
    }
    const checks = checkBudgets({});
    expect(budgetsOf(checks, "sign-in").map((c) => c.id)).toEqual(["sign-in-pin-p95", "sign-in-password-p95"]);
    expect(budgetsOf(checks, undefined)).toHaveLength(ids.length);
  });

  it("keeps the report and Jobs budgets", () => {
    const checks = byId(
      checkBudgets({
        reportGeneration: { scale: 1000, formats: { pdf: { seconds: 4.2 }, csv: { seconds: 2.1 } } },
        jobsPage: { firstListMs: 1400 },
        jobsApi: {
          list: { overheadMs: 3, portal: { ms: 5 }, direct: { ms: 2 } },
          release: { overheadMs: 11, portal: { ms: 13 }, direct: { ms: 2 } },
        },
      }),
    );
    expect(checks["report-pdf"]?.status).toBe("PASS");
    expect(checks["report-csv"]).toMatchObject({ status: "MISS", limit: "<= 2.01 s" });
    expect(checks["jobs-first-list"]?.status).toBe("PASS");
    expect(checks["jobs-list-overhead"]?.status).toBe("PASS");
    expect(checks["jobs-release-overhead"]?.status).toBe("MISS");
    const small = byId(checkBudgets({ reportGeneration: { scale: 200, formats: { pdf: { seconds: 1 } } } }));
    expect(small["report-pdf"]?.status).toBe("SKIP");
  });
});

describe("renderTable", () => {
  it("prints the machine, the figures beside the floor's and one line per budget", () => {
    const results = {
      plan: { runs: 1 },
      lighthouse: { floor: { ...lighthouse(95, 1200, 264, 0), benchmarkIndex: 1182 }, served: {} },
      pages: { floor: { gzipKb: 134.6, scripts: 9, consoleErrors: 0 }, served: {} },
    };
    const budgets = [
      {
        status: "MISS",
        label: "Lighthouse performance, jobs page",
        shown: "79",
        limit: ">= 92 (floor 95 - 3)",
        note: "x",
      },
    ];
    const text = renderTable(results, budgets, { cpus: 2, loadAverageAtStart: [5.1], loadAverageAtEnd: [4.2] });
    expect(text).toContain("Machine: 2 CPUs, load average 5.1 at the start, 4.2 at the end");
    expect(text).toMatch(/Lighthouse's CPU benchmark index +1182/);
    expect(text).toMatch(/floor: empty Next.js page +95 \/ 100 \/ 100 +LCP 1200 ms, TBT 264 ms, CLS 0/);
    expect(text).toMatch(/MISS {2}Lighthouse performance, jobs page {2}79 {2}\(budget >= 92 \(floor 95 - 3\)\) +x/);
  });
});
