// One large report file, fetched directly from the print server and through
// the portal's download route in the same run, alternately; the portal
// process's resident memory is sampled while it streams.

import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { request } from "undici";
import { BenchError } from "./bench-error.mjs";
import { cpuSeconds, sampleRss } from "./process-memory.mjs";
import { median, round } from "./stats.mjs";

// Sizes and rates in MiB (2^20 bytes); the JSON fields keep the short name "Mb".
const MB = 1024 * 1024;
/** What Chromium sends: the portal (Next.js) may compress on the fly, so the bench asks as a browser does. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const decoders = { gzip: createGunzip, "x-gzip": createGunzip, deflate: createInflate, br: createBrotliDecompress };

/**
 * Reads the body to its end (decoded, as a browser saves it); answers the
 * byte count. The bytes are counted as they arrive on undici's Node stream,
 * not read through a web stream: a browser's network stack is native code,
 * and on 2 cores a reader that spends CPU per chunk takes it from the servers
 * it measures (through the portal there are three processes, not two).
 */
async function drain(answer, what) {
  if (answer.statusCode !== 200) {
    await answer.body.dump();
    throw new BenchError(`${what} answered ${answer.statusCode}`);
  }
  const encoding = answer.headers["content-encoding"];
  const decoder = encoding && encoding !== "identity" ? decoders[encoding] : undefined;
  if (encoding && encoding !== "identity" && !decoder) throw new BenchError(`${what} answered in ${encoding}`);
  const body = decoder ? answer.body.pipe(decoder()) : answer.body;
  let bytes = 0;
  await new Promise((resolve, reject) => {
    body.on("data", (chunk) => {
      bytes += chunk.length;
    });
    body.once("end", resolve);
    body.once("error", reject);
    answer.body.once("error", reject);
  });
  return bytes;
}

/**
 * One download, timed, with the CPU time each process spent on it: on a
 * shared 2-core machine the throughput swings with the neighbours' load, the
 * CPU a process pays per file much less. `pids` names the processes to watch
 * (the bench's own process, which reads the file, is always watched).
 */
async function timed(fetchFile, what, pids = {}) {
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const clientBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const answer = await fetchFile();
  const encoding = answer.headers["content-encoding"] ?? "identity";
  const bytes = await drain(answer, what);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const client = process.cpuUsage(clientBefore);
  const cpu = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid) - cpuBefore[name]]));
  cpu.client = (client.user + client.system) / 1e6;
  return { bytes, seconds, mbPerSecond: bytes / MB / seconds, encoding, cpu };
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
 * @param {object} o.ps            print server client (direct)
 * @param {string} o.userToken     that user's print server token
 * @param {string} o.portalUrl
 * @param {string} o.cookie        that user's portal session
 * @param {number} o.portalPid     the process that serves the portal
 * @param {number} [o.serverPid]   the print server's process
 * @param {number} o.runs
 */
export async function measureDownload({
  executionId,
  ps,
  userToken,
  portalUrl,
  cookie,
  portalPid,
  serverPid,
  runs,
  say,
}) {
  const printServer = serverPid === undefined ? {} : { printServer: serverPid };
  const direct = () =>
    request(`${ps.base}/api/v3/reports/executions/${executionId}/download`, {
      headers: { authorization: `Bearer ${userToken}`, "accept-encoding": BROWSER_ACCEPT_ENCODING },
      dispatcher: ps.dispatcher,
    });
  const viaPortal = (acceptEncoding) =>
    request(`${portalUrl}/api/reports/executions/${executionId}/download`, {
      headers: { cookie, "accept-encoding": acceptEncoding },
    });

  // A warm-up: one whole download through the portal, not measured. The
  // portal's first download loads the route's code and grows its buffers
  // (38.6 MiB of RSS, then 0.1 MiB on the runs after): what the budget is
  // about is the file's size, not a person's first download of the day.
  say?.("  warm-up: one whole download through the portal, not measured");
  const warmUp = await sampled(portalPid, () =>
    timed(() => viaPortal(BROWSER_ACCEPT_ENCODING), "the portal's download route"),
  );
  say?.(
    `  warm-up: portal ${warmUp.mbPerSecond.toFixed(0)} MiB/s, portal RSS +${(warmUp.growthBytes / MB).toFixed(1)} MiB (not counted)`,
  );

  const directRuns = [];
  const portalRuns = [];
  // The same file without compression, to tell the cost of streaming from the cost of on-the-fly gzip.
  const identityRuns = [];
  for (let run = 0; run < runs; run++) {
    directRuns.push(await timed(direct, "the print server's download", printServer));
    portalRuns.push(
      await sampled(portalPid, () =>
        timed(() => viaPortal(BROWSER_ACCEPT_ENCODING), "the portal's download route", {
          ...printServer,
          portal: portalPid,
        }),
      ),
    );
    identityRuns.push(
      await sampled(portalPid, () => timed(() => viaPortal("identity"), "the portal's download route")),
    );
    const d = directRuns.at(-1);
    const p = portalRuns.at(-1);
    say?.(
      `  run ${run + 1}: direct ${d.mbPerSecond.toFixed(0)} MiB/s, portal ${p.mbPerSecond.toFixed(0)} MiB/s (${p.encoding}), ` +
        `portal without compression ${identityRuns.at(-1).mbPerSecond.toFixed(0)} MiB/s, portal RSS +${(p.growthBytes / MB).toFixed(1)} MiB`,
    );
  }
  const sizes = new Set([...directRuns, ...portalRuns, ...identityRuns].map((r) => r.bytes));
  if (sizes.size !== 1) throw new BenchError(`the downloads differ in size: ${[...sizes].join(", ")} bytes`);

  const directMbps = median(directRuns.map((r) => r.mbPerSecond));
  const cpuMedian = (runs, name) => {
    const values = runs.map((r) => r.cpu[name]).filter((value) => value !== undefined);
    return values.length > 0 ? round(median(values), 2) : undefined;
  };
  const portalMbps = median(portalRuns.map((r) => r.mbPerSecond));
  return {
    bytes: directRuns[0].bytes,
    runs,
    directMbPerSecond: round(directMbps, 1),
    portalMbPerSecond: round(portalMbps, 1),
    ratio: round(portalMbps / directMbps, 3),
    portalContentEncoding: portalRuns[0].encoding,
    portalIdentityMbPerSecond: round(median(identityRuns.map((r) => r.mbPerSecond)), 1),
    identityRatio: round(median(identityRuns.map((r) => r.mbPerSecond)) / directMbps, 3),
    directSeconds: round(median(directRuns.map((r) => r.seconds)), 2),
    portalSeconds: round(median(portalRuns.map((r) => r.seconds)), 2),
    portalRssGrowthMb: round(median(portalRuns.map((r) => r.growthBytes / MB)), 1),
    portalRssGrowthMaxMb: round(Math.max(...[...portalRuns, ...identityRuns].map((r) => r.growthBytes / MB)), 1),
    portalRssBaselineMb: round(median(portalRuns.map((r) => r.baselineBytes / MB)), 1),
    // CPU seconds per file (user + system), medians: through the portal, and direct.
    cpuSeconds: {
      portal: cpuMedian(portalRuns, "portal"),
      printServerViaPortal: cpuMedian(portalRuns, "printServer"),
      clientViaPortal: cpuMedian(portalRuns, "client"),
      printServerDirect: cpuMedian(directRuns, "printServer"),
      clientDirect: cpuMedian(directRuns, "client"),
    },
    warmUp: { mbPerSecond: round(warmUp.mbPerSecond, 1), portalRssGrowthMb: round(warmUp.growthBytes / MB, 1) },
  };
}
