// The floor: a bare Next.js app of the portal's Next.js version and settings
// (scripts/bench/floor-app), built for production and served by `next start`,
// the framework alone. What the portal costs beyond the framework is told
// apart from the framework by measuring both in the same run.
//
// It is built into .data/bench-floor-app (git-ignored), again only when its
// sources or Next.js changed.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { root } from "../lib/stack.mjs";
import { BenchError } from "./bench-error.mjs";

const sourceDir = fileURLToPath(new URL("./floor-app", import.meta.url));
const nextCli = join(root, "node_modules", "next", "dist", "bin", "next");
export const floorDir = join(root, ".data", "bench-floor-app");
const stampFile = join(floorDir, ".bench-build-stamp");

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Changes with the floor's sources and the installed Next.js. */
function sourceStamp() {
  const hash = createHash("sha256");
  for (const file of [...filesUnder(sourceDir), join(root, "node_modules", "next", "package.json")]) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function nextBuild(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextCli, "build"], {
      cwd: dir,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new BenchError(`next build of the floor app failed (exit ${code})`)),
    );
  });
}

/** Builds the floor unless the last build is of the same sources; answers whether it built. */
export async function ensureFloorBuild(say) {
  const stamp = sourceStamp();
  const built = existsSync(join(floorDir, ".next", "BUILD_ID")) && existsSync(stampFile);
  if (built && readFileSync(stampFile, "utf8") === stamp) return false;
  say("building the floor app (a bare Next.js app, next build)");
  rmSync(floorDir, { recursive: true, force: true });
  cpSync(sourceDir, floorDir, { recursive: true });
  await nextBuild(floorDir);
  writeFileSync(stampFile, stamp);
  return true;
}

/** Resolves once `url` answers 200, or fails when `child` ends first or `timeoutMs` passes. */
async function answering(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  child.once("exit", () => (exited = true));
  while (Date.now() < until) {
    if (exited) throw new BenchError("the floor app exited before it answered");
    try {
      const answer = await fetch(url);
      await answer.body?.cancel();
      if (answer.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new BenchError(`the floor app did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts the floor on `port` with `next start`; its /api/me answers the JSON
 * in `meJsonFile`, its /api/download/{id} streams from `upstream` (URL and CA
 * file), when given. `track` gets the child at once (so a start that fails
 * is stopped too); resolves once it answers.
 */
export async function startFloor({ port, meJsonFile, upstream, track }) {
  const child = spawn(process.execPath, [nextCli, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: floorDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      FLOOR_ME_JSON: meJsonFile,
      ...(upstream && { FLOOR_PRINT_SERVER_URL: upstream.url, FLOOR_PRINT_SERVER_CA_FILE: upstream.caFile }),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  track(child);
  await answering(`http://127.0.0.1:${port}/`, child, 60_000);
}
