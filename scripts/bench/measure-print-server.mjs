// The print server alone: token endpoint and report list throughput, and how
// long the organisation's monthly summary takes per format.

import { closedLoopLoad } from "./closed-loop-load.mjs";
import { LOGIN_TYPE } from "./print-server-client.mjs";
import { cpuSeconds } from "./process-memory.mjs";
import { median, round } from "./stats.mjs";

/** The organisation-wide "Monthly summary" (print-server/src/reports/report-catalog.ts). */
export const MONTHLY_SUMMARY_REPORT_ID = 4;
export const MANAGER = { user: "manager", pwd: "printmanager" };
/** Users of a scaled organisation sign in by PIN 1000000 + n (print-server/src/db/seed-scale.ts). */
export const scaleUserPin = (n) => String(1_000_000 + n);

function medianOfRuns(runs) {
  return {
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p95Ms: median(runs.map((r) => r.p95Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    failures: runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    runs: runs.length,
  };
}

export async function repeatLoad(options, runs) {
  return (await loadsInTurn({ only: options }, runs)).only;
}

/**
 * Each named load `runs` times, taking turns (a, b, c, a, b, c, ...), each
 * summed up as repeatLoad does: loads that are compared with each other see
 * the same machine, even when a neighbour's work slows it down part of the way.
 */
export async function loadsInTurn(optionsByName, runs) {
  const results = Object.fromEntries(Object.keys(optionsByName).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, options] of Object.entries(optionsByName)) results[name].push(await closedLoopLoad(options));
  }
  return Object.fromEntries(Object.entries(results).map(([name, list]) => [name, medianOfRuns(list)]));
}

/** Requests per second of POST /api/auth/token (both grants) and GET /v3/reports. */
export async function measurePrintServerThroughput(server, ps, plan) {
  const common = {
    origin: server.url,
    caPem: server.caPem,
    connections: plan.connections,
    durationMs: plan.loadMs,
    warmupMs: plan.warmupMs,
  };
  const json = { "content-type": "application/json" };
  const clientCredentials = await repeatLoad(
    {
      ...common,
      path: "/api/auth/token",
      method: "POST",
      headers: json,
      body: ps.tokenRequestBody({ grant_type: "client_credentials" }),
    },
    plan.runs,
  );
  const loginInfo = await repeatLoad(
    {
      ...common,
      path: "/api/auth/token",
      method: "POST",
      headers: json,
      body: ps.tokenRequestBody({
        grant_type: "login_info",
        login_info: { type: LOGIN_TYPE.pin, pin: scaleUserPin(3) },
      }),
    },
    plan.runs,
  );
  const userToken = await ps.userToken({ type: LOGIN_TYPE.pin, pin: scaleUserPin(3) });
  const reportList = await repeatLoad(
    { ...common, path: "/api/v3/reports", headers: { authorization: `Bearer ${userToken}` } },
    plan.runs,
  );
  return { connections: plan.connections, clientCredentials, loginInfo, reportList };
}

/**
 * Seconds from POST /v3/reports/executions until the download answers 200, per
 * format (median of runs), and the CPU time the print server used meanwhile:
 * on a busy machine the first grows with the load, the second much less.
 */
export async function measureReportGeneration(ps, { formats, runs, timeoutMs, serverPid, say }) {
  const token = await ps.userToken({ type: LOGIN_TYPE.password, ...MANAGER });
  const seconds = Object.fromEntries(formats.map((f) => [f, []]));
  const cpu = Object.fromEntries(formats.map((f) => [f, []]));
  const generate = async (format) => {
    const started = Date.now();
    const cpuBefore = cpuSeconds(serverPid);
    const executionId = await ps.startReport(token, MONTHLY_SUMMARY_REPORT_ID, format);
    // Asked every 50 ms: a coarser poll would round each time up by more than the budgets' tolerance.
    await ps.waitForReport(token, executionId, { timeoutMs, intervalMs: 50 });
    return { seconds: (Date.now() - started) / 1000, cpu: cpuSeconds(serverPid) - cpuBefore };
  };
  // The server's first report of all reads the data while its code is still
  // cold; were it counted, only the format measured first would carry it.
  const warmUp = await generate(formats[0]);
  say?.(
    `  warm-up (not counted), ${formats[0]}: ${warmUp.seconds.toFixed(1)} s (print server CPU ${warmUp.cpu.toFixed(1)} s)`,
  );
  for (let run = 0; run < runs; run++) {
    for (const format of formats) {
      const measured = await generate(format);
      seconds[format].push(measured.seconds);
      cpu[format].push(measured.cpu);
      say?.(
        `  monthly summary as ${format}: ${measured.seconds.toFixed(1)} s (print server CPU ${measured.cpu.toFixed(1)} s)`,
      );
    }
  }
  return Object.fromEntries(
    formats.map((f) => [
      f,
      {
        seconds: round(median(seconds[f]), 2),
        runs: seconds[f].map((s) => round(s, 2)),
        cpuSeconds: round(median(cpu[f]), 2),
      },
    ]),
  );
}
