// The benchmark's stack: the scaled print server (or the stand-in upstream of
// the download and files measures), the production portal, the floor and the
// files measures' plain copy server on free ports of 127.0.0.1, wired with a
// fresh client registration, the upstream's CA in a temporary file and a
// random AUTH_SECRET. Every child is tracked so one call
// stops them all, on success, failure or Ctrl-C.

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildPortal,
  exportCa,
  portalNeedsBuild,
  registerPortalClient,
  startPortal,
  stopChild,
} from "../lib/stack.mjs";
import { BenchError } from "./bench-error.mjs";
import { ensureFloorBuild, startFloor } from "./floor.mjs";
import { startLargeFileUpstream } from "./large-file-upstream.mjs";
import { startPlainCopyServer } from "./plain-copy-server.mjs";
import { startScaledPrintServer } from "./print-server.mjs";
import { listeningPid } from "./process-memory.mjs";

const children = new Set();
const tempDirs = new Set();
/** Servers of the bench's own process (the stand-in upstream), closed with the children. */
const ownServers = new Set();
/** Starts in flight: a shutdown waits for them, so no child is started after it and left behind. */
const starting = new Set();
let closed = false;

export function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  if (closed) void stopChild(child);
  return child;
}

async function guarded(start) {
  if (closed) throw new BenchError("the benchmark is stopping");
  const promise = start();
  starting.add(promise);
  try {
    return await promise;
  } finally {
    starting.delete(promise);
  }
}

/** Stops every child started so far (the run goes on; used between its stages). */
export async function stopEverything() {
  await Promise.all([...children].map((child) => stopChild(child)));
  await Promise.all([...ownServers].map((server) => server.close()));
  ownServers.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** The end of the run: nothing new starts, starts in flight finish, then all stops. */
export async function closeStack() {
  closed = true;
  await Promise.allSettled([...starting]);
  await stopEverything();
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Builds what is out of date: the portal unless `portal: false`, and the floor
 * unless `floor: false` (a run that does not measure it); answers what was built.
 */
export async function ensureBuilds(say, { portal: withPortal = true, floor: withFloor = true } = {}) {
  const portal = withPortal && portalNeedsBuild();
  if (portal) {
    say("building the portal (next build)");
    await buildPortal();
  }
  const floor = withFloor ? await ensureFloorBuild(say) : false;
  return { portal, floor };
}

/** Starts a scaled print server and registers the portal with it. */
export function startPrintServerFor(scale, say) {
  return guarded(async () => {
    say(`starting the print server with --scale ${scale} (the first start of a scale seeds it)`);
    const started = Date.now();
    const server = await startScaledPrintServer(scale);
    track(server.child);
    const workDir = tempDir("print-portal-bench-");
    const caPem = await exportCa(server.env);
    const caFile = join(workDir, "print-server-ca.pem");
    writeFileSync(caFile, caPem);
    const client = await registerPortalClient(server.env, `Print Portal (benchmark ${new Date().toISOString()})`);
    return { ...server, caPem, caFile, client, startMs: Date.now() - started };
  });
}

/**
 * Starts the production portal against `printServer`, with `env` on top of
 * the bench's settings; answers its URL and the pid that serves it.
 */
export function startBenchPortal(printServer, say, env = {}) {
  return guarded(async () => {
    const port = await freePort();
    const portalUrl = `http://127.0.0.1:${port}`;
    say(`starting the production portal on ${portalUrl}`);
    const portal = await startPortal({
      NODE_ENV: "production",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      PORTAL_URL: portalUrl,
      PRINT_SERVER_URL: printServer.url,
      PRINT_SERVER_CA_FILE: printServer.caFile,
      PRINT_SERVER_CLIENT_ID: printServer.client.clientId,
      PRINT_SERVER_CLIENT_SECRET: printServer.client.clientSecret,
      AUTH_SECRET: randomBytes(33).toString("base64url"),
      ...env,
    });
    track(portal.child);
    return { child: portal.child, url: portalUrl, pid: listeningPid(port) };
  });
}

/** A temporary folder removed when the stack stops. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/**
 * Starts the stand-in upstream of the download measures (large-file-upstream.mjs)
 * with `files` ({ executionId: bytes }); answers it as the portal and the floor
 * are given a print server: URL, CA file and a client.
 */
export function startDownloadUpstream(files) {
  return guarded(async () => {
    const upstream = await startLargeFileUpstream(files);
    ownServers.add(upstream);
    const caFile = join(tempDir("print-portal-bench-upstream-"), "upstream-ca.pem");
    writeFileSync(caFile, upstream.caPem);
    return {
      url: upstream.url,
      caFile,
      client: { clientId: "bench-download", clientSecret: randomBytes(16).toString("base64url") },
    };
  });
}

/** Starts the plain copy server of the files measures (plain-copy-server.mjs) on `dir`. */
export function startPlainCopy(dir) {
  return guarded(async () => {
    const server = await startPlainCopyServer(dir);
    ownServers.add(server);
    return server;
  });
}

/**
 * Starts the floor app (scripts/bench/floor.mjs); its /api/me answers `meJson`,
 * the portal's own answer for the bench user, and its download route streams
 * from `upstream` (URL and CA file) when given. Answers its URL and the pid that serves it.
 */
export function startBenchFloor(meJson, upstream, say) {
  return guarded(async () => {
    const port = await freePort();
    const meJsonFile = join(tempDir("print-portal-bench-floor-"), "me.json");
    writeFileSync(meJsonFile, JSON.stringify(meJson));
    say(`starting the floor app (next start) on http://127.0.0.1:${port}`);
    await startFloor({ port, meJsonFile, upstream, track });
    return { url: `http://127.0.0.1:${port}`, pid: listeningPid(port) };
  });
}
