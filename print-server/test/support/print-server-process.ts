import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Agent, fetch, type RequestInit } from "undici";
import type { ApiTarget, CliResult, ClientOptions, RegisteredClient } from "./api-target.js";

/** print-server/, where `node --import tsx src/cli.ts` runs. */
export const PRINT_SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));

export interface LogLine {
  msg?: string;
  [key: string]: unknown;
}

/** The real server in a child process, over HTTPS. */
export interface PrintServer extends ApiTarget {
  url: string;
  /** The CA PEM the server was started with; every request trusts it and nothing else. */
  caPem: string;
  logs: LogLine[];
  /** Raw stdout and stderr text, for checks that nothing secret was printed. */
  output: () => string;
  /** Also takes undici's options (a streamed body, say). */
  fetch: (pathOrUrl: string, init?: RequestInit) => ReturnType<typeof fetch>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (for restart tests); a new temp folder otherwise. */
  dataDir?: string;
  args?: string[];
}

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "print-server-test-"));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Runs the CLI of print-server against a data folder. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/cli.ts", ...args],
      { cwd: PRINT_SERVER_DIR, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code =
          err && typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : err ? 1 : 0;
        resolve({ stdout, stderr, code });
      },
    );
  });
}

/**
 * Starts the real server over HTTPS on a free port (PRINT_SERVER_PORT=0) with
 * its own data folder, and waits for its "listening" log line.
 */
export async function startPrintServer(options: StartOptions = {}): Promise<PrintServer> {
  const dataDir = options.dataDir ?? newDataDir();
  const env: Record<string, string> = {
    PRINT_SERVER_DATA: dataDir,
    PRINT_SERVER_HOST: "127.0.0.1",
    PRINT_SERVER_PORT: "0",
    PRINT_SERVER_LOG_LEVEL: "info",
    ...options.env,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", ...(options.args ?? ["serve"])], {
    cwd: PRINT_SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const logs: LogLine[] = [];
  let raw = "";
  child.stderr.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      raw += `${line}\n`;
      try {
        const entry = JSON.parse(line) as LogLine;
        logs.push(entry);
        if (entry.msg === "listening" && typeof entry.url === "string") resolve(entry.url);
      } catch {
        // Not JSON: kept in raw output only.
      }
    });
    void exited.then((code) => reject(new Error(`print server exited (${code}) before listening:\n${raw}`)));
  });
  const caFile = path.join(dataDir, "tls", "ca.crt");
  const caPem = readFileSync(caFile, "utf8");
  const agent = new Agent({ connect: { ca: caPem } });
  const cli = (args: string[]) => runCli(args, env);
  return {
    url,
    dataDir,
    caPem,
    logs,
    output: () => raw,
    fetch: (pathOrUrl, init = {}) => fetch(new URL(pathOrUrl, url), { redirect: "manual", ...init, dispatcher: agent }),
    cli,
    registerClient: (scopes, options) => registerWithCli(cli, scopes, options),
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      await agent.close();
      return code;
    },
  };
}

/** `clients add` through the CLI; its one line of JSON is the client. */
async function registerWithCli(
  cli: (args: string[]) => Promise<CliResult>,
  scopes: string,
  options: ClientOptions = {},
): Promise<RegisteredClient> {
  const args = ["clients", "add", "--title", options.title ?? "Test client", "--scopes", scopes];
  for (const uri of options.redirectUris ?? []) args.push("--redirect-uri", uri);
  if (options.forwardsUserAddress) args.push("--forwards-user-address");
  if (options.managePayments) args.push("--manage-payments");
  const { stdout, stderr, code } = await cli(args);
  if (code !== 0) throw new Error(`clients add failed: ${stderr}`);
  return JSON.parse(stdout) as RegisteredClient;
}
