// One table on the console, the same figures as JSON in bench-results/.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const MB = 1024 * 1024;
const fmt = (value, unit = "") => (value === undefined || value === null ? "-" : `${value}${unit}`);

function rows(r) {
  const out = [];
  const section = (title) => out.push({ section: title });
  const row = (measure, portal, direct, note = "") => out.push({ measure, portal, direct, note });

  if (r.download) {
    const d = r.download;
    section(
      `Download: ${(d.bytes / MB).toFixed(1)} MiB CSV (monthly summary, scale ${r.plan.downloadScale}), median of ${d.runs}`,
    );
    row(
      "throughput",
      fmt(d.portalMbPerSecond, " MiB/s"),
      fmt(d.directMbPerSecond, " MiB/s"),
      `portal/direct ${(d.ratio * 100).toFixed(1)} %, portal sent ${d.portalContentEncoding}`,
    );
    row(
      "throughput, Accept-Encoding: identity",
      fmt(d.portalIdentityMbPerSecond, " MiB/s"),
      "",
      `portal/direct ${(d.identityRatio * 100).toFixed(1)} %`,
    );
    row("time", fmt(d.portalSeconds, " s"), fmt(d.directSeconds, " s"));
    row(
      "portal RSS growth (median, max)",
      `${d.portalRssGrowthMb} / ${d.portalRssGrowthMaxMb} MiB`,
      "",
      `baseline ${d.portalRssBaselineMb} MiB`,
    );
  }
  if (r.api) {
    section(`API: GET ${r.api.route} vs ${r.api.upstream}, median of ${r.plan.runs} x ${r.plan.loadMs / 1000} s`);
    for (const level of r.api.levels) {
      const c = level.connections;
      row(
        `${c} conn: latency p50`,
        fmt(level.portal.p50Ms, " ms"),
        fmt(level.direct.p50Ms, " ms"),
        `overhead ${fmt(level.overheadP50Ms, " ms")}`,
      );
      row(
        `${c} conn: latency p99`,
        fmt(level.portal.p99Ms, " ms"),
        fmt(level.direct.p99Ms, " ms"),
        `overhead ${fmt(level.overheadP99Ms, " ms")}`,
      );
      row(
        `${c} conn: throughput`,
        fmt(level.portal.requestsPerSecond, " req/s"),
        fmt(level.direct.requestsPerSecond, " req/s"),
        failures(level.portal, level.direct),
      );
    }
  }
  if (r.signIn) {
    const s = r.signIn;
    section(`Sign-in by PIN: portal form post vs login_info token call, median of ${s.rounds}`);
    row(
      "round trip (median)",
      fmt(s.portalMs, " ms"),
      fmt(s.loginInfoMs, " ms"),
      `overhead ${fmt(s.overheadMs, " ms")}`,
    );
    row("round trip (p90)", fmt(s.portalP90Ms, " ms"), fmt(s.loginInfoP90Ms, " ms"));
  }
  if (r.pages || r.lighthouse) {
    section("Pages: module JavaScript loaded (gzip -9) and Lighthouse mobile scores (perf / a11y / best practices)");
    for (const name of Object.keys(r.pages ?? r.lighthouse)) {
      const js = r.pages?.[name];
      const lh = r.lighthouse?.[name];
      row(
        `${name} (${(js ?? lh).path})`,
        js ? `${js.gzipKb} kB gzip` : "-",
        "",
        [
          js ? `${js.scripts} scripts, ${js.kb} kB raw` : "",
          lh ? `Lighthouse ${lh.performance} / ${lh.accessibility} / ${lh["best-practices"]}` : "",
        ]
          .filter(Boolean)
          .join("; "),
      );
    }
  }
  if (r.printServer) {
    const p = r.printServer;
    section(`Print server alone (${p.connections} connections, median of ${r.plan.runs} x ${r.plan.loadMs / 1000} s)`);
    row(
      "POST /api/auth/token client_credentials",
      "",
      fmt(p.clientCredentials.requestsPerSecond, " req/s"),
      `p50 ${p.clientCredentials.p50Ms} ms`,
    );
    row(
      "POST /api/auth/token login_info (PIN)",
      "",
      fmt(p.loginInfo.requestsPerSecond, " req/s"),
      `p50 ${p.loginInfo.p50Ms} ms`,
    );
    row("GET /api/v3/reports", "", fmt(p.reportList.requestsPerSecond, " req/s"), `p50 ${p.reportList.p50Ms} ms`);
  }
  if (r.reportGeneration) {
    const g = r.reportGeneration;
    section(
      `Monthly summary generation, scale ${g.scale} (${g.rows} rows), run to download 200, median of ${r.plan.runs}`,
    );
    for (const [format, figure] of Object.entries(g.formats)) row(format, "", fmt(figure.seconds, " s"));
    if (r.download?.generationSeconds !== undefined) {
      row(`csv, scale ${r.plan.downloadScale} (the download file, 1 run)`, "", fmt(r.download.generationSeconds, " s"));
    }
  }
  if (r.errors) {
    section("Not measured");
    for (const [key, message] of Object.entries(r.errors)) row(key, "", "", message);
  }
  return out;
}

function failures(...loads) {
  const n = loads.reduce((sum, l) => sum + l.failures, 0);
  return n > 0 ? `${n} failed requests` : "";
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
  for (const l of lines) text.push(l.section ? `\n${l.section}` : line([l.measure, l.portal, l.direct, l.note]));
  return text.join("\n");
}

export function renderTable(results, budgets) {
  const main = table(rows(results), ["measure", "portal", "print server", "note"]);
  const budgetLines = budgets.map(
    (b) => `${b.pass ? "PASS" : "MISS"}  ${b.label.padEnd(58)} ${b.shown.padStart(14)}  (budget ${b.limit})`,
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
