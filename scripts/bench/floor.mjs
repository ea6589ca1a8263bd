// The floor: a bare Next.js app of the portal's Next.js version and settings
// (scripts/bench/floor-app), built for production and served by a copy of
// the portal's own server (scripts/portal-server.mjs), so that what the
// portal adds on top of the framework can be told apart from the framework.
//
// It is built into .data/bench-floor-app (git-ignored), again only when its
// sources, the server or Next.js changed.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { root, waitForJsonLine } from "../lib/stack.mjs";

const sourceDir = fileURLToPath(new URL("./floor-app", import.meta.url));
/** The portal's server and the modules of its own it imports, under scripts/. */
const portalServerFiles = ["portal-server.mjs", "lib/precompressed-static.mjs", "lib/security-headers.mjs"];
/** The portal's server reads its own error sentences from here (../messages/en.json). */
const portalMessages = join(root, "messages", "en.json");
export const floorDir = join(root, ".data", "bench-floor-app");
const stampFile = join(floorDir, ".bench-build-stamp");

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Changes with the floor's sources, the portal's server and the installed Next.js. */
function sourceStamp() {
  const hash = createHash("sha256");
  for (const file of [
    ...filesUnder(sourceDir),
    ...portalServerFiles.map((file) => join(root, "scripts", file)),
    portalMessages,
    join(root, "node_modules", "next", "package.json"),
  ]) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function nextBuild(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, "node_modules", ".bin", "next"), ["build"], {
      cwd: dir,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`next build of the floor app failed (exit ${code})`)),
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
  mkdirSync(join(floorDir, "scripts", "lib"), { recursive: true });
  // The portal's server, unchanged: it serves the Next.js app in the folder above its own.
  for (const file of portalServerFiles) cpSync(join(root, "scripts", file), join(floorDir, "scripts", file));
  mkdirSync(join(floorDir, "messages"));
  cpSync(portalMessages, join(floorDir, "messages", "en.json"));
  await nextBuild(floorDir);
  writeFileSync(stampFile, stamp);
  return true;
}

/**
 * Starts the floor on `port`; its /api/me answers the JSON in `meJsonFile`,
 * its /api/sign-in and /api/download/{id} make the portal's calls to
 * `printServer` (the bench's: URL, CA file, client), tokens asked with `scope`. `track` gets the child at once
 * (so a start that fails is stopped too); resolves once it listens.
 */
export async function startFloor({ port, meJsonFile, printServer, scope, track }) {
  const child = spawn(process.execPath, [join(floorDir, "scripts", "portal-server.mjs")], {
    cwd: floorDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      FLOOR_ME_JSON: meJsonFile,
      FLOOR_PRINT_SERVER_URL: printServer.url,
      FLOOR_PRINT_SERVER_CA_FILE: printServer.caFile,
      FLOOR_PRINT_SERVER_CLIENT: JSON.stringify({ ...printServer.client, scope }),
    },
    // The per-request log lines are part of what a request costs, as for the portal; nobody reads them.
    stdio: ["ignore", "pipe", "inherit"],
  });
  track(child);
  await waitForJsonLine(child, (line) => line.msg === "listening", { label: "The floor app", timeoutMs: 60_000 });
}
