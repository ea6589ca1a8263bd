// Starting the print server and the portal as child processes, shared by the
// demo (scripts/demo.mjs) and the Playwright global setup (e2e/global-setup.ts).

import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export { freePort } from "./free-port.mjs";

export const root = fileURLToPath(new URL("../..", import.meta.url));
const printServerDir = join(root, "print-server");
const bin = (name) => join(root, "node_modules", ".bin", name);

export const portalScopes = "users reports credit jobs printers offline.access";

/** The portal's single sign-on redirect URI is its URL + this path (lib/auth/single-sign-on.ts). */
export const signOnCallbackPath = "/api/auth/callback/print-server";

/**
 * With STACK_LOG_DIR set (the browser tests set it), everything a child
 * writes, stdout and stderr, is also kept in a file of its own there: the log
 * audit (e2e/log-audit.spec.ts) reads them for secrets after the whole run.
 * stderr is still shown as it comes.
 */
function keepLog(child, label) {
  child.stderr?.pipe(process.stderr, { end: false });
  const dir = process.env.STACK_LOG_DIR;
  if (!dir) return;
  const file = createWriteStream(join(dir, `${label}-${process.pid}-${child.pid}.log`));
  child.stdout?.on("data", (chunk) => file.write(chunk));
  child.stderr?.on("data", (chunk) => file.write(chunk));
  child.once("exit", () => file.end());
}

/**
 * Resolves with the first JSON line on the child's stdout that matches. Once
 * it has, lines are no longer parsed, and no longer split at all unless
 * `echo` goes on hearing them (`echoAfterReady`, the default when `echo` is
 * given): a benchmark's load generator shares this process and its cores
 * with the servers it measures, and a parse per request log line is work the
 * servers' own figures would pay for.
 */
export function waitForJsonLine(
  child,
  matches,
  { timeoutMs = 120_000, label = "process", echo, echoAfterReady = echo !== undefined } = {},
) {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(
      () => fail(new Error(`${label} did not become ready within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    function fail(error) {
      clearTimeout(timer);
      child.off("exit", onExit);
      reject(error);
    }
    function onExit(code) {
      fail(new Error(`${label} exited with code ${code} before it was ready`));
    }
    child.once("exit", onExit);
    lines.on("line", (line) => {
      echo?.(line);
      let parsed;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      if (matches(parsed)) {
        clearTimeout(timer);
        child.off("exit", onExit);
        afterReady();
        resolve(parsed);
      }
    });
    function afterReady() {
      lines.removeAllListeners("line");
      if (echoAfterReady) {
        lines.on("line", (line) => echo?.(line));
        return;
      }
      lines.close();
      // Still drained (a child whose stdout pipe fills up stops), into the log file if one is kept.
      child.stdout.resume();
    }
  });
}

/** Runs a print server CLI command and answers its stdout. */
export function printServerCli(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin("tsx"), ["src/cli.ts", ...args], {
      cwd: printServerDir,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(`print-server ${args.slice(0, 2).join(" ")} failed (exit ${code}): ${stderr.trim().slice(0, 500)}`),
        );
    });
  });
}

/**
 * Starts `print-server serve` (with `serveArgs`, e.g. `["--scale", "1"]`);
 * resolves once it logs that it listens.
 */
export async function startPrintServer(env, { echo, serveArgs = [] } = {}) {
  const child = spawn(bin("tsx"), ["src/cli.ts", "serve", ...serveArgs], {
    cwd: printServerDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepLog(child, "print-server");
  const ready = await waitForJsonLine(child, (line) => line.msg === "listening" && typeof line.url === "string", {
    label: "The print server",
    echo,
  });
  // signInPageUrl: the sign-in page over loopback HTTP, when PRINT_SERVER_SIGN_IN_PAGE_PORT is set;
  // panelUrl: the printer panel, when PRINT_SERVER_PANEL_PORT is set.
  return { child, url: ready.url, signInPageUrl: ready.signInPageUrl, panelUrl: ready.panelUrl };
}

/**
 * Registers the portal as a client that forwards user addresses, with the
 * single sign-on redirect URIs of the given portal URLs.
 */
export async function registerPortalClient(env, title = "Print Portal", { portalUrls = [] } = {}) {
  const redirects = portalUrls.flatMap((url) => ["--redirect-uri", `${url}${signOnCallbackPath}`]);
  const stdout = await printServerCli(
    [
      "clients",
      "add",
      "--title",
      title,
      "--scopes",
      portalScopes,
      "--forwards-user-address",
      "--manage-payments",
      ...redirects,
    ],
    env,
  );
  const client = JSON.parse(stdout.trim());
  if (typeof client.clientId !== "string" || typeof client.clientSecret !== "string") {
    throw new Error("print-server clients add did not answer with clientId and clientSecret");
  }
  return { clientId: client.clientId, clientSecret: client.clientSecret };
}

/** True when the print server still knows this client id (and, if given, the portal's redirect URI). */
export async function printServerKnowsClient(env, clientId, { portalUrl } = {}) {
  const clients = JSON.parse(await printServerCli(["clients", "list"], env));
  const client = clients.find((entry) => entry.clientId === clientId);
  if (!client) return false;
  return !portalUrl || (client.redirectUris ?? []).includes(`${portalUrl}${signOnCallbackPath}`);
}

export async function exportCa(env) {
  const pem = await printServerCli(["ca", "export"], env);
  if (!pem.includes("BEGIN CERTIFICATE")) throw new Error("print-server ca export did not print a PEM certificate");
  return pem;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const buildInputs = [
  "app",
  "components",
  "hooks",
  "i18n",
  "lib",
  "messages",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
];

/** True when `.next` is missing or older than any source of the portal. */
export function portalNeedsBuild() {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return buildInputs.some((input) => newestMtime(join(root, input)) > built);
}

export function buildPortal() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin("next"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (exit ${code})`))));
  });
}

/**
 * Where a portal these scripts start offers PIN alone unless told otherwise
 * (PORTAL_PIN_ALONE_NETWORKS in `env` or the environment, "" for nowhere):
 * this machine, and the private range the browser tests' addresses come from
 * (e2e/fixtures.ts), so their one-field PIN sign-ins keep working.
 */
export const stackPinAloneNetworks = "127.0.0.0/8, ::1, 10.0.0.0/8";

/** Starts the portal's server (scripts/portal-server.mjs); resolves with its URL. */
export async function startPortal(env, { dev = false, echo } = {}) {
  const pinAlone = process.env.PORTAL_PIN_ALONE_NETWORKS ?? stackPinAloneNetworks;
  const child = spawn(process.execPath, [join(root, "scripts", "portal-server.mjs"), ...(dev ? ["--dev"] : [])], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORTAL_PIN_ALONE_NETWORKS: pinAlone, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepLog(child, "portal");
  const ready = await waitForJsonLine(child, (line) => line.msg === "listening", {
    label: "The portal",
    echo,
    timeoutMs: 180_000,
  });
  return { child, url: ready.url };
}

/** Stops a child politely, then firmly. */
export function stopChild(child, timeoutMs = 5000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
