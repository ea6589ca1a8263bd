import { execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadStack } from "./load-stack";
import { e2eAddressHeader } from "./stack-env";
import { freePort } from "./free-port";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";
import { startRecordingForwarder } from "./recording-forwarder";

// A print server and a portal of a test's own, for tests that must stop the
// print server: stopping the shared one would break tests running beside them.
//
//   const stack = await startPrivateStack();
//   await page.goto(`${stack.portalUrl}/sign-in`);
//   await stack.stopPrintServer();   // the portal now meets a dead print server
//   await stack.startPrintServer();  // same data folder and port: the portal's URL stays valid
//   await stack.close();             // always, e.g. in a fixture's teardown
//
// It uses the build the global setup made (it never builds) and the demo's
// process helpers (scripts/lib/stack.mjs), like the shared stack.

export interface PrivateStack {
  /** The private portal, e.g. http://localhost:41234; it trusts the fixtures' address header. */
  readonly portalUrl: string;
  /** The private print server, e.g. https://127.0.0.1:40321. */
  readonly printServerUrl: string;
  /** The print server's data folder (for its CLI). */
  readonly printServerData: string;
  /** Stops only the print server (politely, as a service stop does); the portal keeps running. */
  stopPrintServer(): Promise<void>;
  /** Kills the print server (SIGKILL): whatever it was sending is cut off. */
  killPrintServer(): Promise<void>;
  /** With `faultProxy`: the TCP proxy the portal reaches the print server through. */
  readonly faultProxy?: FaultProxy;
  /** With `recordTokens`: every token the token endpoint handed the portal, one JSON string a line. */
  readonly recordFile?: string;
  /** With `recordTokens`: every request the print server got, as "METHOD /path", one a line. */
  readonly requestsFile?: string;
  /** The portal's registration and the print server's CA, to call the print server as the portal does. */
  readonly client: { clientId: string; clientSecret: string; caFile: string };
  /** Starts the print server again with the same data folder and port. */
  startPrintServer(): Promise<void>;
  /** Stops both and removes the temporary folder. */
  close(): Promise<void>;
}

export interface PrivateStackOptions {
  /** Extra print server variables, e.g. PRINT_SERVER_TOKEN_LIFETIME. */
  printServerEnv?: Record<string, string>;
  /** Arguments of `print-server serve`, e.g. `["--scale", "1"]` for the scale user's 2,000 waiting jobs. */
  printServerArgs?: string[];
  /** Extra portal variables. */
  portalEnv?: Record<string, string>;
  /** Single sign-on on: the sign-in page over loopback HTTP, the portal's redirect URI registered. */
  singleSignOn?: boolean;
  /** PORTAL_URL https://localhost:<port>, as behind a TLS proxy (the tests still speak HTTP to it). */
  behindTlsProxy?: boolean;
  /** The portal reaches the print server through a fault proxy (e2e/support/fault-proxy.ts). */
  faultProxy?: boolean;
  /** The portal reaches the print server through the recording forwarder (e2e/support/recording-forwarder.ts). */
  recordTokens?: boolean;
}

export async function startPrivateStack(options: PrivateStackOptions = {}): Promise<PrivateStack> {
  const helpers = await loadStack();
  const workDir = mkdtempSync(join(tmpdir(), "print-portal-private-"));
  const dataDir = join(workDir, "print-server");
  let printServerEnv: Record<string, string> = {
    PRINT_SERVER_DATA: dataDir,
    PRINT_SERVER_HOST: "127.0.0.1",
    PRINT_SERVER_PORT: "0",
    ...(options.singleSignOn ? { PRINT_SERVER_SIGN_IN_PAGE_PORT: "0" } : {}),
    ...options.printServerEnv,
  };
  let printServer: ChildProcess | undefined;
  let portal: ChildProcess | undefined;
  let faultProxy: FaultProxy | undefined;
  let forwarder: { url: string; close: () => Promise<void> } | undefined;

  const close = async () => {
    if (portal) await helpers.stopChild(portal);
    if (printServer) await helpers.stopChild(printServer);
    await faultProxy?.close();
    await forwarder?.close();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const serveArgs = options.printServerArgs ?? [];
    const first = await helpers.startPrintServer(printServerEnv, { serveArgs });
    printServer = first.child;
    // Later starts keep this port, so the portal's PRINT_SERVER_URL stays right.
    printServerEnv = {
      ...printServerEnv,
      PRINT_SERVER_PORT: new URL(first.url).port,
      ...(first.signInPageUrl ? { PRINT_SERVER_SIGN_IN_PAGE_PORT: new URL(first.signInPageUrl).port } : {}),
    };

    const caFile = join(workDir, "print-server-ca.pem");
    writeFileSync(caFile, await helpers.exportCa(printServerEnv));
    if (options.faultProxy) faultProxy = await startFaultProxy(first.url);
    const recordFile = options.recordTokens ? join(workDir, "recorded-tokens.jsonl") : undefined;
    const requestsFile = options.recordTokens ? join(workDir, "print-server-requests.log") : undefined;
    if (recordFile)
      forwarder = await startRecordingForwarder({
        target: first.url,
        caPem: readFileSync(caFile, "utf8"),
        certPem: readFileSync(join(dataDir, "tls", "server.crt"), "utf8"),
        keyPem: readFileSync(join(dataDir, "tls", "server.key"), "utf8"),
        recordFile,
        requestsFile,
      });
    const portalPort = await freePort();
    const portalUrl = `http://localhost:${portalPort}`;
    const client = await helpers.registerPortalClient(printServerEnv, "Print Portal (private test stack)", {
      portalUrls: options.singleSignOn ? [portalUrl] : [],
    });

    portal = (
      await helpers.startPortal({
        PORT: String(portalPort),
        HOSTNAME: "localhost",
        PORTAL_URL: options.behindTlsProxy ? portalUrl.replace(/^http:/, "https:") : portalUrl,
        PRINT_SERVER_URL: faultProxy?.url ?? forwarder?.url ?? first.url,
        PRINT_SERVER_CA_FILE: caFile,
        PRINT_SERVER_CLIENT_ID: client.clientId,
        PRINT_SERVER_CLIENT_SECRET: client.clientSecret,
        AUTH_SECRET: randomBytes(33).toString("base64url"),
        PORTAL_TRUSTED_PROXY_HEADER: e2eAddressHeader,
        ...(options.singleSignOn
          ? { PORTAL_SINGLE_SIGN_ON: "true", PRINT_SERVER_SIGN_IN_URL: first.signInPageUrl ?? "" }
          : {}),
        ...options.portalEnv,
      })
    ).child;

    return {
      portalUrl,
      printServerUrl: first.url,
      printServerData: dataDir,
      faultProxy,
      recordFile,
      requestsFile,
      client: { clientId: client.clientId, clientSecret: client.clientSecret, caFile },
      async killPrintServer() {
        const child = printServer;
        printServer = undefined;
        if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
        // The child is tsx, which runs the server in a process of its own: that one is killed.
        const server = execFileSync("ps", ["-o", "pid=", "--ppid", String(child.pid)], { encoding: "utf8" })
          .split("\n")
          .map(Number)
          .filter((pid) => pid > 0);
        const exited = new Promise((resolve) => child.once("exit", resolve));
        for (const pid of server) process.kill(pid, "SIGKILL");
        child.kill("SIGKILL");
        await exited;
      },
      async stopPrintServer() {
        if (printServer) await helpers.stopChild(printServer);
        printServer = undefined;
      },
      async startPrintServer() {
        if (printServer) return;
        printServer = (await helpers.startPrintServer(printServerEnv, { serveArgs })).child;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
