// One table on the console, the same figures as JSON in bench-results/.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPORT_BUDGET_SCALE, REPORT_SECONDS_BEFORE } from "./budgets.mjs";
import { CACHE_PAGES } from "./cache-pages.mjs";
import { PAGES } from "./pages.mjs";

const fmt = (value, unit = "") => (value === undefined || value === null ? "-" : `${value}${unit}`);
const ms = (value) => fmt(value === undefined || value === null ? value : Math.round(value), " ms");
const scores = (lh) => (lh ? `${lh.performance} / ${lh.accessibility} / ${lh["best-practices"]}` : "-");

function pageRows(r, section, row) {
  const floorJs = r.pages?.floor;
  const floorLh = r.lighthouse?.floor;
  const metrics = (lh) =>
    lh
      ? `LCP ${ms(lh.metrics["largest-contentful-paint"])}, TBT ${ms(lh.metrics["total-blocking-time"])}, CLS ${fmt(lh.metrics["cumulative-layout-shift"])}`
      : "-";
  section(
    "Pages: Lighthouse mobile (performance / accessibility / best practices, median), first-load JavaScript (gzip -9), console errors",
  );
  row("floor: empty Next.js page", "", scores(floorLh), metrics(floorLh));
  row("floor: first-load JS", "", floorJs ? `${floorJs.gzipKb} kB` : "-", floorJs ? `${floorJs.scripts} scripts` : "");
  for (const page of PAGES) {
    const skipped = r.pages?.skipped?.[page.name];
    if (skipped) {
      row(`${page.name} (${page.path})`, "skipped", "", skipped);
      continue;
    }
    const js = r.pages?.served?.[page.name];
    const lh = r.lighthouse?.served?.[page.name];
    if (!js && !lh) continue;
    row(
      `${page.name} (${page.path})`,
      scores(lh),
      scores(floorLh),
      [
        metrics(lh),
        lh?.largestPaint ? `largest paint ${lh.largestPaint.element}` : "",
        lh?.brokenRuns ? `${lh.brokenRuns} run(s) broken off and left out` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
    if (js)
      row(
        `${page.name}: first-load JS`,
        `${js.gzipKb} kB`,
        floorJs ? `${floorJs.gzipKb} kB` : "-",
        // Per script and package in the JSON (pages.served.<page>.beyondFloor).
        `${js.beyondFloorGzipKb} kB beyond the floor, ${js.consoleErrors} console errors`,
      );
  }
  for (const [name, js] of Object.entries(r.pages?.served ?? {})) {
    for (const message of js.consoleMessages ?? []) row(`${name}: console error`, "", "", message);
  }
}

function cacheRows(r, section, row) {
  section("Cache: Home, then Jobs, then Credit by the nav links in one tab, each page's money request held");
  for (const page of CACHE_PAGES) {
    const f = r.cache.pages?.[page.name];
    if (!f) continue;
    const last = f.samples.at(-1);
    row(
      `${page.title}: figure in the first frame, then refreshed`,
      `${f.met} of ${f.runs}`,
      "",
      [
        `first frame ${f.firstFrame}, refreshed ${f.refreshed}`,
        last?.firstText ? `showed ${last.firstText} then ${last.afterText}` : "",
        !last?.firstFrame && last?.heldFigureAfterMs !== undefined
          ? `a figure came ${last.heldFigureAfterMs} ms after the first frame, its request still held`
          : "",
        f.why ?? "",
      ]
        .filter(Boolean)
        .join("; "),
    );
  }
}

function apiRows(r, section, row) {
  const { flatOut, paced } = r.api;
  section(
    `API: GET ${r.api.route} at ${r.api.sessions} sessions, portal vs the floor's route, median of ${r.plan.runs} run(s)`,
  );
  row(
    "flat out: throughput",
    fmt(flatOut.portal.requestsPerSecond, " req/s"),
    fmt(flatOut.floor.requestsPerSecond, " req/s"),
    `p95 ${fmt(flatOut.portal.p95Ms, " ms")} vs ${fmt(flatOut.floor.p95Ms, " ms")}, ${flatOut.portal.failures} failed`,
  );
  row(
    `paced (pause ${r.api.thinkMs} ms on average): p95`,
    fmt(paced.portal.p95Ms, " ms"),
    fmt(paced.floor.p95Ms, " ms"),
    `p50 ${fmt(paced.portal.p50Ms, " ms")} vs ${fmt(paced.floor.p50Ms, " ms")}, ${paced.portal.requestsPerSecond} req/s, ${paced.portal.failures} failed`,
  );
}

function signInRows(r, section, row) {
  section(`Sign-in: the form post vs the direct token call, ${r.signIn.pin?.rounds ?? "-"} of each in turns`);
  for (const [method, label] of [
    ["pin", "by PIN"],
    ["password", "by password"],
  ]) {
    const s = r.signIn[method];
    if (!s) continue;
    row(
      `${label}: p95`,
      fmt(s.portal.p95Ms, " ms"),
      `direct ${fmt(s.direct.p95Ms, " ms")}`,
      `median ${fmt(s.portal.p50Ms, " ms")} vs ${fmt(s.direct.p50Ms, " ms")}`,
    );
  }
}

function downloadRows(r, section, row) {
  section(`Download through the portal vs the floor's route (read by curl), median of ${r.download.runs}`);
  for (const size of Object.values(r.download.sizes)) {
    row(
      `${size.label}: throughput`,
      fmt(size.portal.mibPerSecond, " MiB/s"),
      fmt(size.floor.mibPerSecond, " MiB/s"),
      `${fmt(size.portal.seconds, " s")} vs ${fmt(size.floor.seconds, " s")}`,
    );
    row(
      `${size.label}: portal memory growth`,
      fmt(size.portal.rssGrowthMib, " MiB"),
      "",
      `largest ${fmt(size.portal.rssGrowthMaxMib, " MiB")}, baseline ${fmt(size.portal.rssBaselineMib, " MiB")}`,
    );
  }
}

function filesRows(r, section, row) {
  const f = r.files;
  section(`Files: a ${f.label} PDF through the portal vs a plain copy over loopback HTTP (curl), median of ${f.runs}`);
  for (const direction of ["upload", "download"]) {
    row(
      `${direction}: throughput`,
      fmt(f[direction].portal.mibPerSecond, " MiB/s"),
      fmt(f[direction].copy.mibPerSecond, " MiB/s"),
      `${fmt(f[direction].portal.seconds, " s")} vs ${fmt(f[direction].copy.seconds, " s")}`,
    );
    row(
      `${direction}: portal memory growth`,
      fmt(f[direction].portal.rssGrowthMib, " MiB"),
      "",
      `largest ${fmt(f[direction].portal.rssGrowthMaxMib, " MiB")}, baseline ${fmt(f[direction].portal.rssBaselineMib, " MiB")}, ` +
        `first round ${fmt(f.firstRound?.[`${direction}GrowthMib`], " MiB")}`,
    );
  }
}

function jobsRows(r, section, row) {
  const { jobsPage: page, jobsApi: api } = r;
  section(`Jobs: the scale user's 2,000 waiting jobs${api ? `, API median of ${api.rounds} sequential requests` : ""}`);
  if (page)
    row("Jobs page: time to the first list", ms(page.firstListMs), "", `median of ${page.runs}, ${page.rows} listed`);
  if (!api) return;
  for (const [label, call] of [
    ["GET /api/jobs (first 50) vs GET /v3/jobs", api.list],
    ["release one job: POST to 202", api.release],
  ]) {
    row(
      label,
      fmt(call.portal.ms, " ms"),
      `direct ${fmt(call.direct.ms, " ms")}`,
      `overhead ${fmt(call.overheadMs, " ms")}`,
    );
  }
}

function printServerRows(r, section, row) {
  if (r.printServer) {
    const p = r.printServer;
    section(`Print server alone (${p.connections} connections, median of ${r.plan.runs} x ${r.plan.loadMs / 1000} s)`);
    for (const [label, load] of [
      ["POST /api/auth/token client_credentials", p.clientCredentials],
      ["POST /api/auth/token login_info (PIN)", p.loginInfo],
      ["GET /api/v3/reports", p.reportList],
    ]) {
      row(
        label,
        "",
        fmt(load.requestsPerSecond, " req/s"),
        `p50 ${load.p50Ms} ms, p95 ${load.p95Ms} ms, ${load.failures} failed`,
      );
    }
  }
  if (r.reportGeneration) {
    const g = r.reportGeneration;
    section(`Monthly summary, scale ${g.scale} (${g.rows} rows), run to download 200, median of ${r.plan.runs}`);
    for (const [format, figure] of Object.entries(g.formats)) {
      const before = g.scale === REPORT_BUDGET_SCALE ? REPORT_SECONDS_BEFORE[format] : undefined;
      row(
        format,
        "",
        fmt(figure.seconds, " s"),
        [`print server CPU ${fmt(figure.cpuSeconds, " s")}`, before === undefined ? "" : `before ${before} s`]
          .filter(Boolean)
          .join(", "),
      );
    }
  }
}

function rows(r) {
  const out = [];
  const section = (title) => out.push({ section: title });
  const row = (measure, portal, reference, note = "") => out.push({ measure, portal, reference, note });
  if (r.pages || r.lighthouse) pageRows(r, section, row);
  if (r.cache) cacheRows(r, section, row);
  if (r.api) apiRows(r, section, row);
  if (r.signIn) signInRows(r, section, row);
  if (r.download) downloadRows(r, section, row);
  if (r.files) filesRows(r, section, row);
  if (r.jobsPage || r.jobsApi) jobsRows(r, section, row);
  printServerRows(r, section, row);
  if (r.errors) {
    section("Not measured");
    for (const [key, message] of Object.entries(r.errors)) row(key, "", "", message);
  }
  return out;
}

/** What the machine was like during the run: every figure moves with it, the floor's too. */
function machineRows(machine, r) {
  if (!machine) return [];
  const lines = [
    {
      section: `Machine: ${machine.cpus} CPUs, load average ${fmt(machine.loadAverageAtStart?.[0])} at the start, ${fmt(machine.loadAverageAtEnd?.[0])} at the end`,
    },
  ];
  const benchmarkIndex = r.lighthouse?.floor?.benchmarkIndex;
  if (benchmarkIndex !== undefined)
    lines.push({
      measure: "Lighthouse's CPU benchmark index",
      portal: "",
      reference: fmt(benchmarkIndex),
      note: "on the floor's page",
    });
  return lines;
}

function table(lines, headers) {
  const cells = (l) => [l.measure, l.portal, l.reference, l.note].map((c) => String(c ?? ""));
  const widths = headers.map((h, i) =>
    Math.max(h.length, ...lines.filter((l) => !l.section).map((l) => Math.min(cells(l)[i].length, 60))),
  );
  const line = (values) =>
    values
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  const text = [line(headers), line(widths.map((w) => "-".repeat(w)))];
  for (const l of lines) text.push(l.section ? `\n${l.section}` : line(cells(l)));
  return text.join("\n");
}

export function renderTable(results, budgets, machine) {
  const main = table(
    [...machineRows(machine, results), ...rows(results)],
    ["measure", "portal", "floor or direct", "note"],
  );
  if (budgets.length === 0) return main;
  const labelWidth = Math.max(...budgets.map((b) => b.label.length));
  const shownWidth = Math.max(...budgets.map((b) => b.shown.length));
  const budgetLines = budgets.map((b) =>
    [
      b.status,
      b.label.padEnd(labelWidth),
      b.shown.padStart(shownWidth),
      `(budget ${b.limit})`,
      b.note ? ` ${b.note}` : "",
    ]
      .join("  ")
      .trimEnd(),
  );
  return `${main}\n\nBudgets\n${budgetLines.join("\n")}`;
}

/** Writes latest.json and a timestamped copy into `dir`; answers the copy's path. */
export function writeResults(dir, document) {
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const stamped = join(dir, `bench-${document.startedAt.replace(/[:.]/g, "-")}.json`);
  writeFileSync(stamped, text);
  writeFileSync(join(dir, "latest.json"), text);
  return stamped;
}
