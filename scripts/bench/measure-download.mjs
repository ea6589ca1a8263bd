// One large report file, fetched directly from the print server, through
// the portal's download route and through the floor's (a bare Next.js route
// that hands the upstream body on as a web stream: floor-app/app/api/download)
// in the same run, in turns; the portal process's resident memory is sampled
// while it streams.

import { spawn } from "node:child_process";
import { BenchError } from "./bench-error.mjs";
import { cpuSeconds, endedChildrenCpuSeconds, sampleRss } from "./process-memory.mjs";
import { waitForQuietMachine } from "./quiet-machine.mjs";
import { median, round } from "./stats.mjs";

// Sizes and rates in MiB (2^20 bytes); the JSON fields keep the short name "Mb".
const MB = 1024 * 1024;
/** What Chromium sends: a server may compress on the fly, so the bench asks as a browser does. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const CURL = process.env.CURL_PATH ?? "curl";
const MAX_DOWNLOAD_SECONDS = 300;

/** A value in curl's config syntax: in double quotes, with backslashes and quotes escaped. */
const curlQuoted = (value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * One GET, read to its end by curl and thrown away; answers the status, the
 * bytes, the seconds from the request to the last byte and the encoding.
 * curl reads as a browser's network stack does, in native code: a reader in
 * the bench's own Node.js (undici) spent 0.8 to 1 s of CPU per file, more
 * than the portal, and on 2 cores that CPU is taken from the servers it
 * measures, so the figures were the reader's as much as theirs. The address
 * and the headers (a token, a cookie) reach curl as its config on stdin, not
 * on its command line, which every local user can read.
 */
function curlGet(url, headers, caFile) {
  const config = [
    `url = ${curlQuoted(url)}`,
    "silent",
    "show-error",
    'output = "/dev/null"',
    // A download that stalls fails the group instead of holding the bench until its watchdog.
    `max-time = ${MAX_DOWNLOAD_SECONDS}`,
    `write-out = ${curlQuoted("%{http_code} %{size_download} %{time_total} %header{content-encoding}")}`,
    ...Object.entries(headers).map(([name, value]) => `header = ${curlQuoted(`${name}: ${value}`)}`),
    ...(caFile ? [`cacert = ${curlQuoted(caFile)}`] : []),
  ].join("\n");
  return new Promise((resolve, reject) => {
    const child = spawn(CURL, ["--config", "-"], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (text) => (out += text));
    child.stderr.setEncoding("utf8").on("data", (text) => (err += text));
    child.once("error", (error) =>
      reject(
        error.code === "ENOENT"
          ? new BenchError("the download is read with curl, which is not installed (apt-get install -y curl)")
          : error,
      ),
    );
    // "close" comes after Node has waited for curl, so its CPU time is counted by then.
    child.once("close", (code) => {
      if (code !== 0) return reject(new BenchError(`curl failed (exit ${code}): ${err.trim().slice(0, 200)}`));
      const [status, bytes, seconds, encoding] = out.trim().split(" ");
      resolve({
        statusCode: Number(status),
        bytes: Number(bytes),
        seconds: Number(seconds),
        encoding: encoding || "identity",
      });
    });
    child.stdin.end(config);
  });
}

/**
 * One download, timed, with the CPU time each process spent on it: on a
 * shared 2-core machine the throughput swings with the neighbours' load, the
 * CPU a process pays per file much less. `pids` names the processes to watch;
 * the client is curl.
 */
async function timed(get, what, pids = {}) {
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const clientBefore = endedChildrenCpuSeconds();
  const answer = await get();
  if (answer.statusCode !== 200) throw new BenchError(`${what} answered ${answer.statusCode}`);
  // curl counts the bytes as sent; compressed ones would not compare with the file's.
  if (answer.encoding !== "identity")
    throw new BenchError(`${what} answered in ${answer.encoding}; the bench compares files sent as they are`);
  const cpu = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid) - cpuBefore[name]]));
  cpu.client = endedChildrenCpuSeconds() - clientBefore;
  return { bytes: answer.bytes, seconds: answer.seconds, mbPerSecond: answer.bytes / MB / answer.seconds, cpu };
}

/** Runs one portal download while sampling the portal's memory. */
async function sampled(pid, download) {
  const sampler = sampleRss(pid);
  let memory;
  try {
    const result = await download();
    memory = sampler.stop();
    return { ...result, ...memory };
  } finally {
    if (!memory) sampler.stop();
  }
}

/**
 * @param {object} o
 * @param {number} o.executionId   a finished execution owned by the user behind both credentials
 * @param {object} o.ps            print server client (direct), with the file of the CA it trusts (caFile)
 * @param {string} o.userToken     that user's print server token
 * @param {string} o.portalUrl
 * @param {string} o.cookie        that user's portal session
 * @param {number} o.portalPid     the process that serves the portal
 * @param {string} o.floorUrl
 * @param {number} o.floorPid      the process that serves the floor
 * @param {number} [o.serverPid]   the print server's process
 * @param {number} o.runs          downloads each way
 */
export async function measureDownload({
  executionId,
  ps,
  userToken,
  portalUrl,
  cookie,
  portalPid,
  floorUrl,
  floorPid,
  serverPid,
  runs,
  say,
}) {
  const direct = () =>
    curlGet(
      `${ps.base}/api/v3/reports/executions/${executionId}/download`,
      { authorization: `Bearer ${userToken}`, "accept-encoding": BROWSER_ACCEPT_ENCODING },
      ps.caFile,
    );
  const viaPortal = () =>
    curlGet(`${portalUrl}/api/reports/executions/${executionId}/download`, {
      cookie,
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
    });
  const viaFloor = () =>
    curlGet(`${floorUrl}/api/download/${executionId}`, {
      authorization: `Bearer ${userToken}`,
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
    });
  const printServer = serverPid === undefined ? {} : { printServer: serverPid };
  const portalRun = () =>
    sampled(portalPid, () => timed(viaPortal, "the portal's download route", { ...printServer, portal: portalPid }));
  const directRun = () => timed(direct, "the print server's download", printServer);
  const floorRun = () => timed(viaFloor, "the floor's download route", { ...printServer, floor: floorPid });

  // A warm-up: one whole download through the portal and one through the
  // floor, not measured. The portal's first download loads the route's code
  // and grows its buffers (about 40 MiB of RSS, then a few MiB on the runs
  // after): what the budget is about is the file's size, not a person's first
  // download of the day.
  say?.("  warm-up: one whole download through the portal and one through the floor, not measured");
  const warmUp = await portalRun();
  say?.(
    `  warm-up: portal ${warmUp.mbPerSecond.toFixed(0)} MiB/s, portal RSS +${(warmUp.growthBytes / MB).toFixed(1)} MiB (not counted)`,
  );
  await floorRun();

  const directRuns = [];
  const portalRuns = [];
  const floorRuns = [];
  let longestQuietWait = 0;
  // Each download starts on a quiet machine (the one before it leaves a
  // quarter of a gigabyte of buffers to collect), and the three ways take
  // turns at going first, so none always goes first or last.
  const quietly = async (download) => {
    const wait = await waitForQuietMachine({ windowMs: 500, timeoutMs: 15_000 });
    longestQuietWait = Math.max(longestQuietWait, wait.waitedSeconds);
    return download();
  };
  const ways = [
    [directRun, directRuns],
    [portalRun, portalRuns],
    [floorRun, floorRuns],
  ];
  for (let run = 0; run < runs; run++) {
    for (let turn = 0; turn < ways.length; turn++) {
      const [download, into] = ways[(run + turn) % ways.length];
      into.push(await quietly(download));
    }
    const d = directRuns.at(-1);
    const p = portalRuns.at(-1);
    say?.(
      `  run ${run + 1}: direct ${d.mbPerSecond.toFixed(0)} MiB/s, portal ${p.mbPerSecond.toFixed(0)} MiB/s, ` +
        `floor ${floorRuns.at(-1).mbPerSecond.toFixed(0)} MiB/s, portal RSS +${(p.growthBytes / MB).toFixed(1)} MiB`,
    );
  }
  const sizes = new Set([...directRuns, ...portalRuns, ...floorRuns].map((r) => r.bytes));
  if (sizes.size !== 1) throw new BenchError(`the downloads differ in size: ${[...sizes].join(", ")} bytes`);

  const directMbps = median(directRuns.map((r) => r.mbPerSecond));
  const portalMbps = median(portalRuns.map((r) => r.mbPerSecond));
  const floorMbps = median(floorRuns.map((r) => r.mbPerSecond));
  const cpuMedian = (runs, name) => {
    const values = runs.map((r) => r.cpu[name]).filter((value) => value !== undefined);
    return values.length > 0 ? round(median(values), 2) : undefined;
  };
  return {
    bytes: directRuns[0].bytes,
    runs,
    client: "curl",
    directMbPerSecond: round(directMbps, 1),
    portalMbPerSecond: round(portalMbps, 1),
    ratio: round(portalMbps / directMbps, 3),
    floorMbPerSecond: round(floorMbps, 1),
    floorRatio: round(floorMbps / directMbps, 3),
    directSeconds: round(median(directRuns.map((r) => r.seconds)), 2),
    portalSeconds: round(median(portalRuns.map((r) => r.seconds)), 2),
    floorSeconds: round(median(floorRuns.map((r) => r.seconds)), 2),
    portalRssGrowthMb: round(median(portalRuns.map((r) => r.growthBytes / MB)), 1),
    portalRssGrowthMaxMb: round(Math.max(...portalRuns.map((r) => r.growthBytes / MB)), 1),
    portalRssBaselineMb: round(median(portalRuns.map((r) => r.baselineBytes / MB)), 1),
    // CPU seconds per file (user + system), medians: through the portal, and direct.
    cpuSeconds: {
      portal: cpuMedian(portalRuns, "portal"),
      printServerViaPortal: cpuMedian(portalRuns, "printServer"),
      clientViaPortal: cpuMedian(portalRuns, "client"),
      printServerDirect: cpuMedian(directRuns, "printServer"),
      clientDirect: cpuMedian(directRuns, "client"),
      floor: cpuMedian(floorRuns, "floor"),
      printServerViaFloor: cpuMedian(floorRuns, "printServer"),
    },
    longestQuietWaitSeconds: longestQuietWait,
    warmUp: { mbPerSecond: round(warmUp.mbPerSecond, 1), portalRssGrowthMb: round(warmUp.growthBytes / MB, 1) },
  };
}
