// A 200 MiB PDF uploaded to the portal's Files (POST /api/files, streamed
// with an idempotency key) and downloaded back as an attachment, beside the
// same bytes copied through a plain Node server to and from the same file
// system (plain-copy-server.mjs), in turns. The portal process's resident
// memory is sampled during each upload and each download. The first round
// each way is not judged: it loads the routes' code, and its downloads are
// read whole and checked against the file's SHA-256.

import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { BenchError } from "./bench-error.mjs";
import { curlRequest } from "./curl.mjs";
import { BROWSER_ACCEPT_ENCODING, downloadFigures, timed } from "./measure-download.mjs";
import { writePaddedPdf } from "./padded-pdf.mjs";
import { sampledRun } from "./process-memory.mjs";
import { round } from "./stats.mjs";

const MIB = 1024 * 1024;
/** The file of the measures: the size the portal's Files must move with flat memory. */
export const FILES_UPLOAD = { bytes: 200 * MIB, label: "200 MiB", name: "bench-200-mib.pdf" };

/** SHA-256 of a stream of bytes, in hex. */
async function sha256Of(stream) {
  const hash = createHash("sha256");
  await pipeline(stream, hash);
  return hash.digest("hex");
}

/** Writes the bench's PDF to `path`; answers it with its size and digest. */
export async function preparedUpload(path, file = FILES_UPLOAD) {
  await writePaddedPdf(path, file.bytes);
  return { ...file, path, sha256: await sha256Of(createReadStream(path)) };
}

/** One upload's answer, checked: stored whole, as the one-page PDF it is. */
export function checkedUpload(answer, what, file) {
  if (answer.statusCode !== 201)
    throw new BenchError(`${what} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  if (answer.uploadedBytes !== file.bytes)
    throw new BenchError(`${what} took ${answer.uploadedBytes} of ${file.bytes} bytes`);
  return { seconds: answer.seconds, mibPerSecond: file.bytes / MIB / answer.seconds };
}

/** The medians of the runs each way: the portal's (with its memory) and the plain copy's. */
export function filesFigures(file, portalRuns, copyRuns) {
  const way = (direction) => {
    const { portal, floor } = downloadFigures(
      file,
      portalRuns.map((run) => run[direction]),
      copyRuns.map((run) => run[direction]),
    );
    return { portal, copy: floor };
  };
  return { bytes: file.bytes, upload: way("upload"), download: way("download") };
}

/** Reads a download whole and checks its length and digest against the file's. */
async function checkedDigest(url, headers, what, file) {
  const response = await fetch(url, { headers });
  if (response.status !== 200 || !response.body) throw new BenchError(`${what} answered ${response.status}`);
  let bytes = 0;
  const hash = createHash("sha256");
  for await (const chunk of response.body) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  if (bytes !== file.bytes) throw new BenchError(`${what} sent ${bytes} of ${file.bytes} bytes`);
  if (hash.digest("hex") !== file.sha256) throw new BenchError(`${what} sent other bytes than were uploaded`);
}

/** Upload, download and removal through the portal's Files routes for one signed-in person. */
function portalWay({ portalUrl, cookie, portalPid }, file) {
  const session = { cookie, origin: portalUrl };
  return {
    async upload() {
      let stored;
      const figures = await sampledRun(portalPid, async () => {
        const answer = await curlRequest(
          `${portalUrl}/api/files`,
          {
            ...session,
            "content-type": "application/pdf",
            "x-file-name": encodeURIComponent(file.name),
            "idempotency-key": randomBytes(12).toString("base64url"),
          },
          { upload: file.path, method: "POST" },
        );
        const timing = checkedUpload(answer, "the portal's upload route", file);
        stored = JSON.parse(answer.body).file;
        return timing;
      });
      if (stored?.size !== file.bytes || stored?.pages !== 1)
        throw new BenchError(`the portal stored ${stored?.size} bytes and ${stored?.pages} pages, not the file`);
      return { ...figures, name: stored.name };
    },
    url: (name) => `${portalUrl}/api/files/to-print/${encodeURIComponent(name)}`,
    headers: session,
    download(name) {
      return sampledRun(portalPid, () =>
        timed(
          () => curlRequest(this.url(name), { ...session, "accept-encoding": BROWSER_ACCEPT_ENCODING }),
          "the portal's download route",
          file.bytes,
        ),
      );
    },
    async remove(name) {
      const response = await fetch(this.url(name), { method: "DELETE", headers: session });
      await response.body?.cancel();
      if (response.status !== 200) throw new BenchError(`the portal's delete route answered ${response.status}`);
    },
  };
}

/** The same through the plain copy server. */
function copyWay(copyUrl, file) {
  let copies = 0;
  return {
    async upload() {
      const name = `copy-${++copies}.pdf`;
      const answer = await curlRequest(
        `${copyUrl}/copy/${name}`,
        { "content-type": "application/pdf" },
        {
          upload: file.path,
          method: "POST",
        },
      );
      return { ...checkedUpload(answer, "the plain copy", file), name };
    },
    url: (name) => `${copyUrl}/copy/${name}`,
    headers: {},
    download(name) {
      return timed(
        () => curlRequest(this.url(name), { "accept-encoding": BROWSER_ACCEPT_ENCODING }),
        "the plain copy's download",
        file.bytes,
      );
    },
    async remove(name) {
      await (await fetch(this.url(name), { method: "DELETE" })).body?.cancel();
    },
  };
}

/** One round one way: upload, then download, then removal, so every round starts alike. */
async function oneRound(way, check) {
  const upload = await way.upload();
  try {
    const download = check ? await check(way, upload.name) : await way.download(upload.name);
    return { upload, download };
  } finally {
    await way.remove(upload.name);
  }
}

/**
 * @param {object} o
 * @param {string} o.portalUrl   a portal whose files folder is on the same file system as the copy's
 * @param {string} o.cookie      a signed-in person's session of that portal
 * @param {number} o.portalPid   the process that serves the portal
 * @param {string} o.copyUrl     the plain copy server
 * @param {object} o.file        the prepared upload (preparedUpload)
 * @param {number} o.runs        rounds each way
 */
export async function measureFiles({ portalUrl, cookie, portalPid, copyUrl, file, runs, say }) {
  const ways = { portal: portalWay({ portalUrl, cookie, portalPid }, file), copy: copyWay(copyUrl, file) };
  say?.(`  warm-up: one ${file.label} round each way, its download checked against the file's SHA-256`);
  const checked = (name) => (way, stored) =>
    checkedDigest(way.url(stored), way.headers, `the ${name}'s download`, file);
  // The portal's first round is sampled too: what its first upload and download add is printed, not judged.
  const first = await oneRound(ways.portal, (way, stored) =>
    sampledRun(portalPid, () => checked("portal")(way, stored)),
  );
  await oneRound(ways.copy, checked("plain copy"));

  const done = { portal: [], copy: [] };
  for (let run = 0; run < runs; run++) {
    // Which goes first changes run by run.
    const order = run % 2 === 0 ? ["portal", "copy"] : ["copy", "portal"];
    for (const name of order) done[name].push(await oneRound(ways[name]));
    const [p, c] = [done.portal.at(-1), done.copy.at(-1)];
    say?.(
      `  run ${run + 1}: upload portal ${p.upload.mibPerSecond.toFixed(0)} MiB/s (RSS +${(p.upload.growthBytes / MIB).toFixed(1)} MiB), ` +
        `copy ${c.upload.mibPerSecond.toFixed(0)} MiB/s; download portal ${p.download.mibPerSecond.toFixed(0)} MiB/s ` +
        `(RSS +${(p.download.growthBytes / MIB).toFixed(1)} MiB), copy ${c.download.mibPerSecond.toFixed(0)} MiB/s`,
    );
  }
  return {
    runs,
    client: "curl",
    label: file.label,
    checked: "sha256",
    firstRound: {
      uploadGrowthMib: round(first.upload.growthBytes / MIB, 1),
      downloadGrowthMib: round(first.download.growthBytes / MIB, 1),
    },
    ...filesFigures(file, done.portal, done.copy),
  };
}
