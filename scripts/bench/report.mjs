// One table on the console, the same figures as JSON in bench-results/.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPORT_SECONDS_BEFORE } from "./budgets.mjs";
import { PAGES } from "./pages.mjs";

const MB = 1024 * 1024;
const fmt = (value, unit = "") => (value === undefined || value === null ? "-" : `${value}${unit}`);
/** A share (0.763) as "76.3 %", or "-" when it was not measured. */
const share = (value) => fmt(value === undefined ? undefined : (value * 100).toFixed(1), " %");

function rows(r) {
  const out = [];
  const section = (title) => out.push({ section: title });
  const row = (measure, portal, floor, direct, note = "") => out.push({ measure, portal, floor, direct, note });

  if (r.download) {
    const d = r.download;
    section(
      `Download: ${(d.bytes / MB).toFixed(1)} MiB CSV (monthly summary, scale ${r.plan.downloadScale}), median of ${d.runs}`,
    );
    row(
      "throughput",
      fmt(d.portalMbPerSecond, " MiB/s"),
      fmt(d.floorMbPerSecond, " MiB/s"),
      fmt(d.directMbPerSecond, " MiB/s"),
      `portal/direct ${share(d.ratio)}, floor/direct ${share(d.floorRatio)}, read by ${d.client}`,
    );
    row("time", fmt(d.portalSeconds, " s"), fmt(d.floorSeconds, " s"), fmt(d.directSeconds, " s"));
    if (d.warmUp)
      row(
        "warm-up download (not counted)",
        fmt(d.warmUp.mbPerSecond, " MiB/s"),
        "",
        "",
        `portal RSS +${d.warmUp.portalRssGrowthMb} MiB: the first download loads the route's code`,
      );
    if (d.cpuSeconds) {
      const c = d.cpuSeconds;
      row(
        "CPU per file (median)",
        `${fmt(c.portal, " s")} + print server ${fmt(c.printServerViaPortal, " s")} + client ${fmt(c.clientViaPortal, " s")}`,
        `${fmt(c.floor, " s")} + print server ${fmt(c.printServerViaFloor, " s")}`,
        `print server ${fmt(c.printServerDirect, " s")} + client ${fmt(c.clientDirect, " s")}`,
        `user + system; the client is ${d.client} reading the file`,
      );
    }
    row(
      "portal RSS growth (median, max)",
      `${d.portalRssGrowthMb} / ${d.portalRssGrowthMaxMb} MiB`,
      "",
      "",
      `baseline ${d.portalRssBaselineMb} MiB`,
    );
  }
  if (r.api) {
    section(
      `API: GET ${r.api.route} vs the floor's route vs ${r.api.upstream}, median of ${r.plan.runs} x ${r.plan.loadMs / 1000} s`,
    );
    const settle = r.api.settle;
    if (settle)
      row(
        "settling, 1 conn: p50 (not counted)",
        fmt(settle.portal?.p50Ms, " ms"),
        fmt(settle.floor?.p50Ms, " ms"),
        fmt(settle.direct?.p50Ms, " ms"),
        `the first ${settle.requests} requests of each: a fresh process runs unoptimised code`,
      );
    for (const level of r.api.levels) {
      const c = level.connections;
      const ms = (load, key) => fmt(load[key], " ms");
      row(
        `${c} conn: latency p50`,
        ms(level.portal, "p50Ms"),
        ms(level.floor, "p50Ms"),
        ms(level.direct, "p50Ms"),
        `overhead ${fmt(level.overheadP50Ms, " ms")}`,
      );
      row(
        `${c} conn: latency p99`,
        ms(level.portal, "p99Ms"),
        ms(level.floor, "p99Ms"),
        ms(level.direct, "p99Ms"),
        `overhead ${fmt(level.overheadP99Ms, " ms")}`,
      );
      row(
        `${c} conn: throughput`,
        fmt(level.portal.requestsPerSecond, " req/s"),
        fmt(level.floor.requestsPerSecond, " req/s"),
        fmt(level.direct.requestsPerSecond, " req/s"),
        [`portal/floor ${share(level.shareOfFloor)}`, failures(level)].filter(Boolean).join(", "),
      );
    }
  }
  if (r.signIn) {
    const s = r.signIn;
    section(`Sign-in by PIN: portal form post vs the floor's vs login_info token call, median of ${s.rounds}`);
    row(
      "round trip (median)",
      fmt(s.portalMs, " ms"),
      fmt(s.floorMs, " ms"),
      fmt(s.loginInfoMs, " ms"),
      `overhead ${fmt(s.overheadMs, " ms")}, the floor's ${fmt(s.floorOverheadMs, " ms")}`,
    );
    row("round trip (p90)", fmt(s.portalP90Ms, " ms"), fmt(s.floorP90Ms, " ms"), fmt(s.loginInfoP90Ms, " ms"));
  }
  if (r.pages || r.lighthouse) pageRows(r, section, row);
  if (r.jobsPage || r.jobsApi) jobsRows(r, section, row);
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
        "",
        fmt(load.requestsPerSecond, " req/s"),
        [`p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms`, failures(load)].filter(Boolean).join(", "),
      );
    }
  }
  if (r.reportGeneration) {
    const g = r.reportGeneration;
    section(
      `Monthly summary generation, scale ${g.scale} (${g.rows} rows), run to download 200, median of ${r.plan.runs}`,
    );
    for (const [format, figure] of Object.entries(g.formats)) {
      const before = g.scale === 1000 ? REPORT_SECONDS_BEFORE[format] : undefined;
      row(
        format,
        "",
        "",
        fmt(figure.seconds, " s"),
        [`print server CPU ${fmt(figure.cpuSeconds, " s")}`, before === undefined ? "" : `before issue 14: ${before} s`]
          .filter(Boolean)
          .join(", "),
      );
    }
    if (r.download?.generationSeconds !== undefined) {
      row(
        `csv, scale ${r.plan.downloadScale} (the download file, 1 run)`,
        "",
        "",
        fmt(r.download.generationSeconds, " s"),
      );
    }
  }
  if (r.errors) {
    section("Not measured");
    for (const [key, message] of Object.entries(r.errors)) row(key, "", "", "", message);
  }
  return out;
}

function jobsRows(r, section, row) {
  const { jobsPage: page, jobsApi: api } = r;
  section(`Jobs: the scale user's 2,000 waiting jobs${api ? `, API median of ${api.rounds} sequential requests` : ""}`);
  if (page) {
    const js = r.pages?.served?.jobs;
    row(
      "Jobs page: time to the first list",
      fmt(page.firstListMs, " ms"),
      "",
      "",
      [
        `Chromium, median of ${page.runs}, ${page.rows} jobs listed`,
        js ? `first-load JS ${js.gzipKb} kB gzip` : "",
        r.lighthouse?.served?.jobs ? `Lighthouse ${scores(r.lighthouse.served.jobs)}` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
  }
  const calls = api
    ? [
        ["GET /api/jobs (first 50) vs GET /v3/jobs", api.list],
        ["release one job: POST to 202", api.release],
      ]
    : [];
  for (const [label, call] of calls) {
    row(
      label,
      fmt(call.portal.ms, " ms"),
      "",
      fmt(call.direct.ms, " ms"),
      `overhead ${fmt(call.overheadMs, " ms")}; p90 ${call.portal.p90Ms} / ${call.direct.p90Ms} ms`,
    );
  }
}

const scores = (lh) => (lh ? `${lh.performance} / ${lh.accessibility} / ${lh["best-practices"]}` : "-");

function pageRows(r, section, row) {
  const floorJs = r.pages?.floor;
  const floorLh = r.lighthouse?.floor;
  section(
    "Pages: module JavaScript loaded (gzip -9), console errors, Lighthouse mobile (performance / accessibility / best practices)",
  );
  row(
    "floor: empty Next.js page",
    "",
    floorJs ? `${floorJs.gzipKb} kB gzip` : "-",
    "",
    `${floorJs ? `${floorJs.scripts} scripts, ${floorJs.consoleErrors} console errors; ` : ""}Lighthouse ${scores(floorLh)}`,
  );
  for (const page of PAGES) {
    const skipped = r.pages?.skipped?.[page.name];
    if (skipped) {
      row(`${page.name} (${page.path})`, "skipped", "", "", skipped);
      continue;
    }
    const js = r.pages?.served?.[page.name];
    const lh = r.lighthouse?.served?.[page.name];
    if (!js && !lh) continue;
    row(
      `${page.name} (${page.path})`,
      js ? `${js.gzipKb} kB gzip` : "-",
      floorJs ? `${floorJs.gzipKb} kB gzip` : "",
      "",
      [
        js
          ? `${js.scripts} scripts, ${js.beyondFloorGzipKb} kB beyond the floor, ${js.consoleErrors} console errors`
          : "",
        `Lighthouse ${scores(lh)}`,
        lh?.largestPaint
          ? `largest paint ${lh.largestPaint.element} (${lh.largestPaint.runs} of ${lh.largestPaint.of} runs)`
          : "",
        lh?.brokenRuns ? `${lh.brokenRuns} run${lh.brokenRuns > 1 ? "s" : ""} broken off and left out` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
  }
  const served = Object.entries(r.pages?.served ?? {});
  if (served.length === 0) return;
  section("Pages: what each loads beyond the floor, per script (gzip of the modules the floor does not load)");
  for (const [name, js] of served) {
    for (const script of js.beyondFloor.filter((s) => s.beyondFloorGzipKb >= MIN_LISTED_KB)) {
      row(
        `${name}: ${script.path.split("/").at(-1)}`,
        `${script.beyondFloorGzipKb} kB`,
        "",
        "",
        `${script.packages.join(", ")} (script ${script.gzipKb} kB)`,
      );
    }
    for (const message of js.consoleMessages ?? []) row(`${name}: console error`, "", "", "", message);
  }
}

/** Scripts that add less than this beyond the floor are left out of the list (they are in the JSON). */
const MIN_LISTED_KB = 0.5;

function failures(load) {
  const n = ["portal", "floor", "direct"].some((k) => load[k])
    ? ["portal", "floor", "direct"].reduce((sum, k) => sum + (load[k]?.failures ?? 0), 0)
    : load.failures;
  return n > 0 ? `${n} failed requests` : "";
}

/**
 * What the machine was like during the run: every figure moves with it, and
 * the floors only show it for the measures that have one.
 */
function machineRows(machine, r) {
  if (!machine) return [];
  const start = machine.freshMemoryAtStart;
  const end = machine.freshMemoryAtEnd;
  const lines = [
    {
      section: `Machine: ${machine.cpus} CPUs, load average ${fmt(machine.loadAverageAtStart?.[0])} at the start, ${fmt(machine.loadAverageAtEnd?.[0])} at the end`,
    },
  ];
  // The table's columns are the portal's, the floor's and the print server's: the machine's facts go in the note.
  const row = (measure, note) => lines.push({ measure, portal: "", floor: "", direct: "", note });
  if (start && end)
    row(
      "first write of a fresh 4 KiB page",
      `${start.freshPageMicros} µs at the start, ${end.freshPageMicros} µs at the end; a page written before: ${start.writtenPageMicros} µs`,
    );
  const benchmarkIndex = r.lighthouse?.floor?.benchmarkIndex;
  if (benchmarkIndex !== undefined) row("Lighthouse's CPU benchmark index", `${benchmarkIndex} (on the floor's page)`);
  return lines;
}

function table(lines, headers) {
  const widths = headers.map((h, i) =>
    Math.max(h.length, ...lines.filter((l) => !l.section).map((l) => String(Object.values(l)[i] ?? "").length)),
  );
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  const text = [line(headers), line(widths.map((w) => "-".repeat(w)))];
  for (const l of lines)
    text.push(l.section ? `\n${l.section}` : line([l.measure, l.portal, l.floor, l.direct, l.note]));
  return text.join("\n");
}

export function renderTable(results, budgets, machine) {
  const main = table(
    [...machineRows(machine, results), ...rows(results)],
    ["measure", "portal", "floor", "print server", "note"],
  );
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

/** Writes bench-results/latest.json and a timestamped copy; answers the copy's path. */
export function writeResults(dir, document) {
  mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const stamped = join(dir, `bench-${document.startedAt.replace(/[:.]/g, "-")}.json`);
  writeFileSync(stamped, text);
  writeFileSync(join(dir, "latest.json"), text);
  return stamped;
}
