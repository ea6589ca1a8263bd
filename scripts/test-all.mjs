#!/usr/bin/env node
// `npm test`: every check the project has, in one run. Each runner writes its
// own machine-readable report; the last line sums them as "N passed, N failed"
// so CI and people read one number. A runner that crashes before reporting
// counts as one failure, so a broken setup can never look green.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import { join } from "node:path";
import { playwrightFailures, vitestFailures } from "./lib/test-failures.mjs";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, ".test-output");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** Runs a command with inherited output and returns its exit code (1 when it had to be stopped). */
function run(command, args, { timeoutMs } = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env, timeout: timeoutMs });
  if (result.error) console.log(`${command} stopped: ${result.error.message}`);
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** A check without a test count (typecheck, lint) counts as one test. */
function check(name, code) {
  return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, failures: code === 0 ? [] : [name] };
}

/**
 * A vitest project, or some files of it (`files`, reported as `name`).
 * `display` runs it under xvfb-run, for browsers that need a screen.
 */
function vitest(project, { name = `vitest ${project}`, files = [], display = false, timeoutMs } = {}) {
  const file = join(out, `${name.replace(/\W+/g, "-")}.json`);
  const args = [
    "vitest",
    "run",
    "--project",
    project,
    ...files,
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${file}`,
  ];
  const code = display ? run("xvfb-run", ["-a", "npx", ...args], { timeoutMs }) : run("npx", args, { timeoutMs });
  const report = readJson(file);
  if (!report) return { name, passed: 0, failed: 1, failures: [`${name}: no report`] };
  const failures = vitestFailures(report, root);
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { name, passed: report.numPassedTests, failed, failures: failures.length ? failures : failed ? [name] : [] };
}

function playwright() {
  const file = join(out, "playwright.json");
  const code = run("npx", ["playwright", "test"]);
  const report = existsSync(file) ? readJson(file) : undefined;
  if (!report?.stats) return { name: "playwright", passed: 0, failed: 1, failures: ["playwright: no report"] };
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  const failed = unexpected + (code !== 0 && unexpected === 0 ? 1 : 0);
  const failures = (report.suites ?? []).flatMap((suite) => playwrightFailures(suite));
  return {
    name: "playwright",
    passed: expected + flaky,
    failed,
    failures: failures.length ? failures : failed ? ["playwright"] : [],
  };
}

const results = [
  check("typecheck", run("npm", ["run", "--silent", "typecheck"])),
  check("lint", run("npm", ["run", "--silent", "lint"])),
  vitest("unit"),
  vitest("print-server"),
  playwright(),
  // Each engine on its own, bounded: browsers/flows.ts stops its flows after
  // 8 minutes, and this stops a browser that hangs even so.
  ...["webkit", "firefox"].map((engine) =>
    vitest("browsers", {
      name: `browsers ${engine}`,
      files: [`browsers/${engine}.test.ts`],
      display: true,
      timeoutMs: 12 * 60_000,
    }),
  ),
];

// Failures by name just above the summary: CI keeps only the last lines of a run.
const failures = results.flatMap((r) => r.failures);
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join("\n")}`);
console.log("\nSummary:");
for (const r of results) console.log(`  ${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
