#!/usr/bin/env node
// `npm run demo` (production build) or `npm run dev` (hot reload): the print
// server with its demo organisation and the portal, wired together.
//
// Honours the print server's own settings (PRINT_SERVER_DATA, _HOST, _PORT,
// _TOKEN_LIFETIME, ...) and the portal's PORT. Keeps what it generates under
// .data/portal/: the print server's CA, the portal's client registration and
// an AUTH_SECRET, so later starts reuse them.

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import {
  buildPortal,
  exportCa,
  portalNeedsBuild,
  portalScopes,
  printServerKnowsClient,
  registerPortalClient,
  root,
  startPortal,
  startPrintServer,
  stopChild,
} from "./lib/stack.mjs";

const dev = process.argv.includes("--dev");
const portalDir = join(root, ".data", "portal");
const dataDir = process.env.PRINT_SERVER_DATA
  ? isAbsolute(process.env.PRINT_SERVER_DATA)
    ? process.env.PRINT_SERVER_DATA
    : resolve(process.cwd(), process.env.PRINT_SERVER_DATA)
  : join(root, ".data", "print-server");
// The sign-in page also over loopback HTTP, so single sign-on works in a browser
// that does not trust the demo's own CA (the API stays HTTPS with that CA).
// PRINT_SERVER_SIGN_IN_PAGE_PORT= (empty) turns that off.
const printServerEnv = {
  PRINT_SERVER_DATA: dataDir,
  PRINT_SERVER_SIGN_IN_PAGE_PORT: process.env.PRINT_SERVER_SIGN_IN_PAGE_PORT ?? "0",
};
const port = process.env.PORT ?? "3000";
const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${port}`;

const children = [];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => stopChild(child)));
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

function say(text) {
  console.log(`[demo] ${text}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** The portal's client on this print server: reused while the server knows it with this portal's redirect URI. */
async function portalClient() {
  const file = join(portalDir, "client.json");
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
  say("registering the portal as a client of the print server");
  const client = {
    dataDir,
    scopes: portalScopes,
    ...(await registerPortalClient(printServerEnv, "Print Portal", { portalUrls: [portalUrl] })),
  };
  writeFileSync(file, `${JSON.stringify(client, null, 2)}\n`, { mode: 0o600 });
  return client;
}

function authSecret() {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = join(portalDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(33).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function main() {
  mkdirSync(portalDir, { recursive: true });
  if (!dev && portalNeedsBuild()) {
    say("building the portal (first start or sources changed)");
    await buildPortal();
  }

  say("starting the print server");
  const printServer = await startPrintServer(printServerEnv);
  children.push(printServer.child);
  printServer.child.on("exit", (code) => {
    if (!stopping) {
      console.error(`[demo] the print server stopped (exit ${code}); stopping the portal`);
      void stopAll(1);
    }
  });

  const caFile = join(portalDir, "print-server-ca.pem");
  writeFileSync(caFile, await exportCa(printServerEnv));
  const client = await portalClient();

  say(`starting the portal${dev ? " with hot reload" : ""}`);
  const portal = await startPortal(
    {
      PORT: port,
      PORTAL_URL: portalUrl,
      PRINT_SERVER_URL: printServer.url,
      PRINT_SERVER_SIGN_IN_URL: printServer.signInPageUrl ?? "",
      PORTAL_SINGLE_SIGN_ON: process.env.PORTAL_SINGLE_SIGN_ON ?? "true",
      PRINT_SERVER_CA_FILE: caFile,
      PRINT_SERVER_CLIENT_ID: client.clientId,
      PRINT_SERVER_CLIENT_SECRET: client.clientSecret,
      AUTH_SECRET: authSecret(),
    },
    { dev, echo: (line) => console.log(line) },
  );
  children.push(portal.child);
  portal.child.on("exit", (code) => {
    if (!stopping) {
      console.error(`[demo] the portal stopped (exit ${code}); stopping the print server`);
      void stopAll(1);
    }
  });

  console.log(`
  Print Portal is running:  http://localhost:${port}
  Print server:             ${printServer.url}
  Its sign-in page:         ${printServer.signInPageUrl ?? printServer.url} ("Single sign-on")

  Demo sign-ins
    PIN 112358                  Alice Liddell   (or user alice, password wonderland)
    PIN 314159                  Bob Builder     (or user bob, password canwefixit)
    user carol, password higherfurther   Carol Danvers (no PIN)

  Press Ctrl-C to stop both.
`);
}

main().catch(async (error) => {
  console.error(`[demo] ${error.message}`);
  await stopAll(1);
});
