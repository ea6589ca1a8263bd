// The print server for the benchmark: `serve --scale N` on a free port of
// 127.0.0.1, in a data folder kept between runs so the scale organisation is
// seeded once. scripts/lib/stack.mjs starts the server without `--scale`, so
// this small variant sits here and reuses its line reader.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { root, waitForJsonLine } from "../lib/stack.mjs";

/** Where the organisation of this scale lives (one scale per folder, as the print server demands). */
export const benchDataDir = (scale) => join(root, ".data", `bench-print-server-${scale}`);

export function printServerEnv(scale) {
  return {
    PRINT_SERVER_DATA: benchDataDir(scale),
    PRINT_SERVER_HOST: "127.0.0.1",
    PRINT_SERVER_PORT: "0",
    // Report files are kept long enough for one run, so the next start purges
    // those of earlier runs instead of keeping them a day.
    PRINT_SERVER_REPORT_RETENTION: "1800",
  };
}

/**
 * Starts the print server; the first start of a scale seeds it, which may take
 * minutes, hence the long wait. Resolves with the child and its URL.
 */
export async function startScaledPrintServer(scale, { timeoutMs = 15 * 60_000 } = {}) {
  const env = printServerEnv(scale);
  const child = spawn(join(root, "node_modules", ".bin", "tsx"), ["src/cli.ts", "serve", "--scale", String(scale)], {
    cwd: join(root, "print-server"),
    // Default (info) logging, as in production: the request log is part of what a request costs.
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await waitForJsonLine(child, (line) => line.msg === "listening" && typeof line.url === "string", {
    label: "The print server",
    timeoutMs,
    echo: (line) => {
      if (line.includes("scale organisation")) console.log(`[bench] print server: ${line}`);
    },
    // The seeding is told before the server listens; its request log afterwards is nobody's to read.
    echoAfterReady: false,
  });
  return { child, url: String(ready.url), env };
}
