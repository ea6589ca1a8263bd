#!/usr/bin/env node
// Completes package-lock.json with the other platforms' optional binaries.
//
// Why: the npm registry reachable from our build machines holds only some
// platforms' native packages (e.g. @next/swc-darwin-arm64 is absent). npm then
// leaves those optional packages out of the lock, and `npm ci` refuses such a
// lock as "out of sync". Each missing package is added as an optional entry
// restricted to its own os/cpu, so `npm ci` skips it on other machines without
// fetching it, exactly as it does with a lock made where the registry is whole.
// Run after any `npm install` that changes the lock: `node scripts/complete-lockfile.mjs`.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openharmony", "sunos", "aix", "netbsd", "openbsd"];
const CPU = {
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  arm: "arm",
  ppc64: "ppc64",
  s390x: "s390x",
  riscv64: "riscv64",
  loong64: "loong64",
  wasm32: "wasm32",
};

/** The os, cpu and libc a platform package's name encodes, e.g. swc-linux-x64-musl. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts
    .map((p) => (p === "gnueabihf" || p === "musleabihf" || p === "eabi" ? "arm" : CPU[p]))
    .find(Boolean);
  const libc =
    parts.includes("musl") || parts.includes("musleabihf")
      ? "musl"
      : parts.includes("gnu") || parts.includes("gnueabihf")
        ? "glibc"
        : undefined;
  if (!cpu) return undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

/** Where a package declaring this optional dependency sits, and the version it asks for. */
function declaredOptional(name) {
  for (const [path, entry] of Object.entries(packages)) {
    const spec = entry.optionalDependencies?.[name];
    if (spec) return { path, spec };
  }
  return undefined;
}

function missingFromLock() {
  try {
    execFileSync("npm", ["ci", "--dry-run", "--ignore-scripts"], { stdio: "pipe", encoding: "utf8" });
    return [];
  } catch (error) {
    const text = `${error.stdout ?? ""}${error.stderr ?? ""}`;
    return [...text.matchAll(/Missing: (.+?)@([^@\s]*) from lock file/g)].map((m) => ({ name: m[1], version: m[2] }));
  }
}

/**
 * A dependency asked for by dist-tag ("latest") that the lock resolved to an
 * older hoisted copy: nest the version npm ci wants under the one who asks.
 */
function nestTagged(name, version) {
  const asker = Object.entries(packages).find(([, entry]) => {
    const spec = entry.dependencies?.[name];
    return spec && !/^[\d^~<>=*]/.test(spec);
  });
  if (!asker) return false;
  const view = JSON.parse(
    execFileSync("npm", ["view", `${name}@${version}`, "dist.integrity", "license", "--json"], { encoding: "utf8" }),
  );
  packages[`${asker[0]}/node_modules/${name}`] = {
    version,
    integrity: view["dist.integrity"],
    ...(asker[1].dev ? { dev: true } : {}),
    ...(view.license ? { license: view.license } : {}),
  };
  return true;
}

let added = 0;
for (const { name, version } of missingFromLock()) {
  const declared = declaredOptional(name);
  const platform = platformOf(name);
  if (!declared || !platform) {
    if (version && nestTagged(name, version)) added++;
    else console.error(`left alone: ${name}@${version}`);
    continue;
  }
  const key = packages[`node_modules/${name}`] ? `${declared.path}/node_modules/${name}` : `node_modules/${name}`;
  packages[key] = {
    version: declared.spec.replace(/^[\^~=]/, ""),
    optional: true,
    ...platform,
    ...(packages[declared.path].dev ? { dev: true } : {}),
  };
  added++;
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  `added ${added} entries; npm ci now ${missingFromLock().length === 0 ? "accepts the lock" : "still reports missing packages"}`,
);
