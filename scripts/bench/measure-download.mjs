// Report files of 100 MiB and 1 GiB fetched through the portal's download
// route and through the floor's (a bare Next.js route that hands the upstream
// body on as a web stream: floor-app/app/api/download), in turns, from the
// same stand-in upstream (large-file-upstream.mjs). The portal process's
// resident memory is sampled while it streams.

import { spawn } from "node:child_process";
import { BenchError } from "./bench-error.mjs";
import { sampleRss } from "./process-memory.mjs";
import { median, round } from "./stats.mjs";

const MIB = 1024 * 1024;
/** The two files, by the execution id the stand-in upstream serves each under. */
export const DOWNLOAD_FILES = {
  small: { executionId: 1, bytes: 100 * MIB, label: "100 MiB" },
  large: { executionId: 2, bytes: 1024 * MIB, label: "1 GiB" },
};
/** What Chromium sends: a server may compress on the fly, so the bench asks as a browser does. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const CURL = process.env.CURL_PATH ?? "curl";
const MAX_DOWNLOAD_SECONDS = 600;

/** A value in curl's config syntax: in double quotes, with backslashes and quotes escaped. */
const curlQuoted = (value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * One GET, read to its end by curl and thrown away; answers the status, the
 * bytes, the seconds from the request to the last byte and the encoding.
 * curl reads in native code, as a browser's network stack does, so the reader
 * takes little of the CPU the servers it measures need. The headers (a
 * cookie, a token) reach curl as its config on stdin, not on its command
 * line, which every local user can read.
 */
function curlGet(url, headers) {
  const config = [
    `url = ${curlQuoted(url)}`,
    "silent",
    "show-error",
    'output = "/dev/null"',
    `max-time = ${MAX_DOWNLOAD_SECONDS}`,
    `write-out = ${curlQuoted("%{http_code} %{size_download} %{time_total} %header{content-encoding}")}`,
    ...Object.entries(headers).map(([name, value]) => `header = ${curlQuoted(`${name}: ${value}`)}`),
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

/** One download, timed and checked: the whole file, sent as it is. */
async function timed(get, what, bytes) {
  const answer = await get();
  if (answer.statusCode !== 200) throw new BenchError(`${what} answered ${answer.statusCode}`);
  if (answer.encoding !== "identity")
    throw new BenchError(`${what} answered in ${answer.encoding}; the bench compares files sent as they are`);
  if (answer.bytes !== bytes) throw new BenchError(`${what} sent ${answer.bytes} of ${bytes} bytes`);
  return { seconds: answer.seconds, mibPerSecond: answer.bytes / MIB / answer.seconds };
}

/** Runs one download while sampling a process's memory. */
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

/** The medians of one file's runs. */
export function downloadFigures(file, portalRuns, floorRuns) {
  return {
    bytes: file.bytes,
    portal: {
      mibPerSecond: round(median(portalRuns.map((r) => r.mibPerSecond)), 1),
      seconds: round(median(portalRuns.map((r) => r.seconds)), 2),
      rssGrowthMib: round(median(portalRuns.map((r) => r.growthBytes / MIB)), 1),
      rssGrowthMaxMib: round(Math.max(...portalRuns.map((r) => r.growthBytes / MIB)), 1),
      rssBaselineMib: round(median(portalRuns.map((r) => r.baselineBytes / MIB)), 1),
    },
    floor: {
      mibPerSecond: round(median(floorRuns.map((r) => r.mibPerSecond)), 1),
      seconds: round(median(floorRuns.map((r) => r.seconds)), 2),
    },
  };
}

/**
 * @param {object} o
 * @param {string} o.portalUrl   a portal whose print server is the stand-in upstream
 * @param {string} o.cookie      a session of that portal
 * @param {number} o.portalPid   the process that serves the portal
 * @param {string} o.floorUrl    a floor whose upstream is the same stand-in
 * @param {number} o.runs        downloads of each file each way
 */
export async function measureDownload({ portalUrl, cookie, portalPid, floorUrl, runs, say }) {
  const viaPortal = (file) => () =>
    sampled(portalPid, () =>
      timed(
        () =>
          curlGet(`${portalUrl}/api/reports/executions/${file.executionId}/download`, {
            cookie,
            "accept-encoding": BROWSER_ACCEPT_ENCODING,
          }),
        "the portal's download route",
        file.bytes,
      ),
    );
  const viaFloor = (file) => () =>
    timed(
      () =>
        curlGet(`${floorUrl}/api/download/${file.executionId}`, {
          authorization: "Bearer bench",
          "accept-encoding": BROWSER_ACCEPT_ENCODING,
        }),
      "the floor's download route",
      file.bytes,
    );

  // One download of the small file each way first, not measured: the first
  // loads the route's code and sizes the process's buffers.
  say?.("  warm-up: one download of the 100 MiB file through the portal and one through the floor");
  await viaPortal(DOWNLOAD_FILES.small)();
  await viaFloor(DOWNLOAD_FILES.small)();

  const sizes = {};
  for (const [name, file] of Object.entries(DOWNLOAD_FILES)) {
    const portalRuns = [];
    const floorRuns = [];
    for (let run = 0; run < runs; run++) {
      // Which goes first changes run by run.
      const order = run % 2 === 0 ? ["portal", "floor"] : ["floor", "portal"];
      for (const way of order) {
        if (way === "portal") portalRuns.push(await viaPortal(file)());
        else floorRuns.push(await viaFloor(file)());
      }
      say?.(
        `  ${file.label} run ${run + 1}: portal ${portalRuns.at(-1).mibPerSecond.toFixed(0)} MiB/s ` +
          `(RSS +${(portalRuns.at(-1).growthBytes / MIB).toFixed(1)} MiB), floor ${floorRuns.at(-1).mibPerSecond.toFixed(0)} MiB/s`,
      );
    }
    sizes[name] = { label: file.label, ...downloadFigures(file, portalRuns, floorRuns) };
  }
  return { runs, client: "curl", sizes };
}
