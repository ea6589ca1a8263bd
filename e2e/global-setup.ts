import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { Redis } from "ioredis";
import { loadStack } from "./support/load-stack";
import { startRecordingForwarder } from "./support/recording-forwarder";
import { e2eAddressHeader, stackLogDir, testPrintServerEnv } from "./support/stack-env";
import { freePort } from "./support/free-port";

// The stack for the browser tests, all on 127.0.0.1 / localhost and free ports:
// a print server with its own temporary data folder and short-lived tokens, a
// recording forwarder in front of it (so a test can look for the real tokens
// in what the browser received), the production portal, and a second portal
// whose print server is down.

/** A throw-away redis-server for the portals that share sessions. */
async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const probe = new Redis({ host: "127.0.0.1", port, retryStrategy: (times) => (times > 100 ? null : 100) });
  probe.on("error", () => undefined);
  await probe.ping();
  await probe.quit();
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}

export default async function globalSetup() {
  const { buildPortal, exportCa, portalNeedsBuild, registerPortalClient, startPortal, startPrintServer, stopChild } =
    await loadStack();
  if (portalNeedsBuild()) await buildPortal();
  // What every print server and portal of the run writes, for e2e/log-audit.spec.ts.
  rmSync(stackLogDir, { recursive: true, force: true });
  mkdirSync(stackLogDir, { recursive: true });
  process.env.STACK_LOG_DIR = stackLogDir;

  const workDir = mkdtempSync(join(tmpdir(), "print-portal-e2e-"));
  const dataDir = join(workDir, "print-server");
  // The main portal's port is chosen now: its single sign-on redirect URI is
  // registered with the client, and the print server reaches its external storage adapter there.
  const portalPort = await freePort();
  const portalUrl = `http://localhost:${portalPort}`;
  const externalStorage = {
    login: "myq-external-storage",
    password: randomBytes(24).toString("base64url"),
    filesDir: join(workDir, "portal-files"),
  };
  const printServerEnv = {
    ...testPrintServerEnv(dataDir),
    // The sign-in page over loopback HTTP: the browser does not trust the test CA.
    PRINT_SERVER_SIGN_IN_PAGE_PORT: "0",
    PRINT_SERVER_EXTERNAL_STORAGE_URL: `${portalUrl}/api/external-storage`,
    PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: externalStorage.login,
    PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: externalStorage.password,
  };
  const printServer = await startPrintServer(printServerEnv);
  // It made its demo data as it started, dated from then.
  const seededAt = new Date();

  const caFile = join(workDir, "print-server-ca.pem");
  writeFileSync(caFile, await exportCa(printServerEnv));
  const client = await registerPortalClient(printServerEnv, "Print Portal (browser tests)", {
    portalUrls: [portalUrl],
  });

  const recordFile = join(workDir, "recorded-tokens.jsonl");
  const forwarder = await startRecordingForwarder({
    target: printServer.url,
    caPem: readFileSync(caFile, "utf8"),
    certPem: readFileSync(join(dataDir, "tls", "server.crt"), "utf8"),
    keyPem: readFileSync(join(dataDir, "tls", "server.key"), "utf8"),
    recordFile,
  });

  const common = {
    PRINT_SERVER_CA_FILE: caFile,
    PRINT_SERVER_CLIENT_ID: client.clientId,
    PRINT_SERVER_CLIENT_SECRET: client.clientSecret,
    AUTH_SECRET: randomBytes(33).toString("base64url"),
    // Each test names its own browser address, so lockouts stay in that test.
    PORTAL_TRUSTED_PROXY_HEADER: e2eAddressHeader,
    HOSTNAME: "localhost",
    // Every portal of the run shares one files folder, as several instances share a volume.
    PORTAL_FILES_DIR: externalStorage.filesDir,
    PORTAL_EXTERNAL_STORAGE_LOGIN: externalStorage.login,
    PORTAL_EXTERNAL_STORAGE_PASSWORD: externalStorage.password,
  };
  const portal = await startPortal({
    ...common,
    PORT: String(portalPort),
    PORTAL_URL: portalUrl,
    PRINT_SERVER_URL: forwarder.url,
    PORTAL_SINGLE_SIGN_ON: "true",
    PRINT_SERVER_SIGN_IN_URL: printServer.signInPageUrl ?? "",
    // Two browsers and a shared print server load this machine: the tests that
    // the figures come with the page must not depend on a 1 s wait being enough
    // (account.spec.ts tests the 1 s default on a portal of its own).
    PORTAL_FIRST_PAINT_WAIT_MS: "10000",
  });

  const downPort = await freePort();
  const deadPrintServerPort = await freePort();
  const downPortal = await startPortal({
    ...common,
    PORT: String(downPort),
    PORTAL_URL: `http://localhost:${downPort}`,
    PRINT_SERVER_URL: `https://127.0.0.1:${deadPrintServerPort}`,
  });

  // Two instances behind an imaginary load balancer, sharing sessions in Redis.
  const redis = await startRedis();
  const shared: Awaited<ReturnType<typeof startPortal>>[] = [];
  for (let i = 0; i < 2; i += 1) {
    const port = await freePort();
    shared.push(
      await startPortal({
        ...common,
        PORT: String(port),
        PORTAL_URL: `http://localhost:${port}`,
        PRINT_SERVER_URL: forwarder.url,
        PORTAL_REDIS_URL: redis.url,
      }),
    );
  }

  process.env.E2E_SHARED_PORTAL_URLS = shared.map((instance) => instance.url).join(" ");
  process.env.E2E_REDIS_URL = redis.url;
  process.env.E2E_AUTH_SECRET = common.AUTH_SECRET;
  process.env.E2E_PORTAL_URL = portalUrl;
  process.env.E2E_SIGN_IN_PAGE_URL = printServer.signInPageUrl ?? "";
  process.env.E2E_DOWN_PORTAL_URL = `http://localhost:${downPort}`;
  process.env.E2E_PRINT_SERVER_DATA = dataDir;
  process.env.E2E_RECORD_FILE = recordFile;
  process.env.E2E_CLIENT_SECRET = client.clientSecret;
  process.env.E2E_SEEDED_AT = seededAt.toISOString();
  process.env.E2E_FILES_DIR = externalStorage.filesDir;
  process.env.E2E_EXTERNAL_STORAGE_LOGIN = externalStorage.login;
  process.env.E2E_EXTERNAL_STORAGE_PASSWORD = externalStorage.password;

  return async () => {
    await Promise.all([
      stopChild(downPortal.child),
      stopChild(portal.child),
      ...shared.map((instance) => stopChild(instance.child)),
    ]);
    redis.stop();
    await forwarder.close();
    await stopChild(printServer.child);
    rmSync(workDir, { recursive: true, force: true });
  };
}
