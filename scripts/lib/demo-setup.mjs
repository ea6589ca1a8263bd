// What the two demos share (scripts/demo.mjs: one portal; scripts/demo-cluster.mjs:
// three behind nginx): where their files live, the print server started with
// its demo data, the portal's saved client registration and secret, and
// stopping every child on Ctrl-C.

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import {
  exportCa,
  portalScopes,
  printServerKnowsClient,
  registerPortalClient,
  root,
  startPrintServer,
  stopChild,
} from "./stack.mjs";

/** Generated files (CA copy, client registration, secret) go here; later starts reuse them. */
export const portalDir = join(root, ".data", "portal");

/** The print server's data folder: PRINT_SERVER_DATA or .data/print-server. */
export const dataDir = process.env.PRINT_SERVER_DATA
  ? isAbsolute(process.env.PRINT_SERVER_DATA)
    ? process.env.PRINT_SERVER_DATA
    : resolve(process.cwd(), process.env.PRINT_SERVER_DATA)
  : join(root, ".data", "print-server");

// The sign-in page also over loopback HTTP, so single sign-on works in a browser
// that does not trust the demo's own CA (the API stays HTTPS with that CA).
// PRINT_SERVER_SIGN_IN_PAGE_PORT= (empty) turns that off.
export const printServerEnv = {
  PRINT_SERVER_DATA: dataDir,
  PRINT_SERVER_SIGN_IN_PAGE_PORT: process.env.PRINT_SERVER_SIGN_IN_PAGE_PORT ?? "0",
  // A printer's screen in a browser tab (Easy Print, Easy Scan); PRINT_SERVER_PANEL_PORT= (empty) turns it off.
  PRINT_SERVER_PANEL_PORT: process.env.PRINT_SERVER_PANEL_PORT ?? "0",
};

const demoSignIns = `  Demo sign-ins
    PIN 112358                  Alice Liddell   (or user alice, password wonderland)
    PIN 314159                  Bob Builder     (or user bob, password canwefixit)
    user carol, password higherfurther   Carol Danvers (no PIN)`;

/**
 * PIN alone (no user name) on this machine only, so the demo keeps its
 * one-field PIN sign-in; PORTAL_PIN_ALONE_NETWORKS, when set (even empty),
 * is used as it is.
 */
export function demoSignInSettings() {
  return { PORTAL_PIN_ALONE_NETWORKS: process.env.PORTAL_PIN_ALONE_NETWORKS ?? "127.0.0.0/8, ::1" };
}

/** What a demo's portal instances need to reach the print server as `client`. */
export function printServerSettings(printServer, client) {
  return {
    PRINT_SERVER_URL: printServer.url,
    PRINT_SERVER_SIGN_IN_URL: printServer.signInPageUrl ?? "",
    PORTAL_SINGLE_SIGN_ON: process.env.PORTAL_SINGLE_SIGN_ON ?? "true",
    PRINT_SERVER_CA_FILE: printServer.caFile,
    PRINT_SERVER_CLIENT_ID: client.clientId,
    PRINT_SERVER_CLIENT_SECRET: client.clientSecret,
  };
}

/** The demo's closing words: where things run, the demo people, how to stop. */
export function printBanner(where, stop) {
  console.log(`
${where}

${demoSignIns}

  Press Ctrl-C to ${stop}.
`);
}

/** Runs a demo; a failure stops whatever it started. */
export function runDemo(label, children, main) {
  main().catch(async (error) => {
    console.error(`[${label}] ${error.message}`);
    await children.stopAll(1);
  });
}

/** `say("...")` prints "[label] ...". */
export const sayer = (label) => (text) => console.log(`[${label}] ${text}`);

/**
 * Children stopped together: on Ctrl-C (SIGINT), SIGTERM, or when one that
 * must not stop does. `stopAll` stops them in the reverse order of `add`.
 */
export function supervisor(label) {
  const children = [];
  const stops = [];
  let stopping = false;
  async function stopAll(code) {
    if (stopping) return;
    stopping = true;
    for (const stop of stops.reverse()) await stop();
    await Promise.all(children.map((child) => stopChild(child)));
    process.exit(code);
  }
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));
  return {
    stopAll,
    /** Stops everything when `child` exits on its own. */
    add(child, name, consequence) {
      children.push(child);
      child.on("exit", (code) => {
        if (stopping) return;
        console.error(`[${label}] ${name} stopped (exit ${code}); ${consequence}`);
        void stopAll(1);
      });
    },
    /** Something stopped with a function of its own (before the children). */
    onStop(stop) {
      stops.push(stop);
    },
    get stopping() {
      return stopping;
    },
  };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Starts the print server (with `extraEnv`) and writes its CA to .data/portal/print-server-ca.pem. */
export async function startDemoPrintServer(extraEnv = {}) {
  mkdirSync(portalDir, { recursive: true });
  const printServer = await startPrintServer({ ...printServerEnv, ...extraEnv });
  const caFile = join(portalDir, "print-server-ca.pem");
  writeFileSync(caFile, await exportCa(printServerEnv));
  return { ...printServer, caFile };
}

/**
 * The portal's client on this print server, saved in `fileName` under
 * .data/portal: reused while the server knows it with this portal's redirect
 * URI, else registered again.
 */
export async function demoPortalClient({ portalUrl, fileName = "client.json", title = "Print Portal", say }) {
  const file = join(portalDir, fileName);
  const saved = readJson(file);
  if (
    saved?.dataDir === dataDir &&
    // A client registered before the portal asked for more scopes (jobs, printers) is registered again.
    saved.scopes === portalScopes &&
    typeof saved.clientId === "string" &&
    (await printServerKnowsClient(printServerEnv, saved.clientId, { portalUrl }))
  ) {
    return saved;
  }
  say?.("registering the portal as a client of the print server");
  const client = {
    dataDir,
    scopes: portalScopes,
    ...(await registerPortalClient(printServerEnv, title, { portalUrls: [portalUrl] })),
  };
  writeFileSync(file, `${JSON.stringify(client, null, 2)}\n`, { mode: 0o600 });
  return client;
}

/** AUTH_SECRET, or one generated once and kept in .data/portal/auth-secret. */
export function demoAuthSecret() {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = join(portalDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(portalDir, { recursive: true });
  const secret = randomBytes(33).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The files folder (PORTAL_FILES_DIR, else .data/portal/files) and the login
 * of the portal's external storage adapter: PORTAL_EXTERNAL_STORAGE_LOGIN and
 * _PASSWORD when set, else generated once and kept in .data/portal/external-storage.json.
 */
export function demoFiles() {
  const filesDir = process.env.PORTAL_FILES_DIR
    ? resolve(process.cwd(), process.env.PORTAL_FILES_DIR)
    : join(portalDir, "files");
  if (process.env.PORTAL_EXTERNAL_STORAGE_LOGIN && process.env.PORTAL_EXTERNAL_STORAGE_PASSWORD)
    return {
      filesDir,
      login: process.env.PORTAL_EXTERNAL_STORAGE_LOGIN,
      password: process.env.PORTAL_EXTERNAL_STORAGE_PASSWORD,
    };
  const file = join(portalDir, "external-storage.json");
  const saved = readJson(file);
  if (typeof saved?.login === "string" && typeof saved.password === "string") return { filesDir, ...saved };
  mkdirSync(portalDir, { recursive: true });
  const generated = { login: "myq-external-storage", password: randomBytes(24).toString("base64url") };
  writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  return { filesDir, ...generated };
}

/** The portal's side of the files: where they live and the adapter's login. */
export function portalFilesSettings(files) {
  return {
    PORTAL_FILES_DIR: files.filesDir,
    PORTAL_EXTERNAL_STORAGE_LOGIN: files.login,
    PORTAL_EXTERNAL_STORAGE_PASSWORD: files.password,
  };
}

/** The print server's side: MyQ's external storage connection, pointed at the portal's adapter. */
export function printServerStorageSettings(portalUrl, files) {
  return {
    PRINT_SERVER_EXTERNAL_STORAGE_URL: `${portalUrl}/api/external-storage`,
    PRINT_SERVER_EXTERNAL_STORAGE_LOGIN: files.login,
    PRINT_SERVER_EXTERNAL_STORAGE_PASSWORD: files.password,
  };
}
