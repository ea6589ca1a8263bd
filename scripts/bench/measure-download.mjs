// Report files of 100 MiB and 1 GiB fetched through the portal's download
// route and through the floor's (a bare Next.js route that hands the upstream
// body on as a web stream: floor-app/app/api/download), in turns, from the
// same stand-in upstream (large-file-upstream.mjs). The portal process's
// resident memory is sampled while it streams.

import { BenchError } from "./bench-error.mjs";
import { curlRequest } from "./curl.mjs";
import { sampledRun } from "./process-memory.mjs";
import { median, round } from "./stats.mjs";

const MIB = 1024 * 1024;
/** The two files, by the execution id the stand-in upstream serves each under. */
export const DOWNLOAD_FILES = {
  small: { executionId: 1, bytes: 100 * MIB, label: "100 MiB" },
  large: { executionId: 2, bytes: 1024 * MIB, label: "1 GiB" },
};
/** What Chromium sends: a server may compress on the fly, so the bench asks as a browser does. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** One download, timed and checked: the whole file, sent as it is. */
export async function timed(get, what, bytes) {
  const answer = await get();
  if (answer.statusCode !== 200) throw new BenchError(`${what} answered ${answer.statusCode}`);
  if (answer.encoding !== "identity")
    throw new BenchError(`${what} answered in ${answer.encoding}; the bench compares files sent as they are`);
  if (answer.bytes !== bytes) throw new BenchError(`${what} sent ${answer.bytes} of ${bytes} bytes`);
  return { seconds: answer.seconds, mibPerSecond: answer.bytes / MIB / answer.seconds };
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
    sampledRun(portalPid, () =>
      timed(
        () =>
          curlRequest(`${portalUrl}/api/reports/executions/${file.executionId}/download`, {
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
        curlRequest(`${floorUrl}/api/download/${file.executionId}`, {
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
