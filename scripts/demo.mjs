#!/usr/bin/env node
// `npm run demo` (production build) or `npm run dev` (hot reload): the print
// server with its demo organisation and the portal, wired together.
//
// Honours the print server's own settings (PRINT_SERVER_DATA, _HOST, _PORT,
// _TOKEN_LIFETIME, ...) and the portal's PORT. Keeps what it generates under
// .data/portal/: the print server's CA, the portal's client registration, an
// AUTH_SECRET and the external storage adapter's login (the print server's
// printers reach the portal's files with it), so later starts reuse them.

import {
  demoAuthSecret,
  demoFiles,
  demoSignInSettings,
  demoPortalClient,
  portalFilesSettings,
  printBanner,
  printServerSettings,
  printServerStorageSettings,
  runDemo,
  sayer,
  startDemoPrintServer,
  supervisor,
} from "./lib/demo-setup.mjs";
import { buildPortal, portalNeedsBuild, startPortal } from "./lib/stack.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${port}`;
const say = sayer("demo");
const children = supervisor("demo");

async function main() {
  if (!dev && portalNeedsBuild()) {
    say("building the portal (first start or sources changed)");
    await buildPortal();
  }

  say("starting the print server");
  // Its printers' Easy Print and Easy Scan reach the portal's external storage adapter.
  const files = demoFiles();
  const printServer = await startDemoPrintServer(printServerStorageSettings(portalUrl, files));
  children.add(printServer.child, "the print server", "stopping the portal");
  const client = await demoPortalClient({ portalUrl, say });

  say(`starting the portal${dev ? " with hot reload" : ""}`);
  const portal = await startPortal(
    {
      PORT: port,
      PORTAL_URL: portalUrl,
      ...printServerSettings(printServer, client),
      AUTH_SECRET: demoAuthSecret(),
      ...portalFilesSettings(files),
      ...demoSignInSettings(),
    },
    { dev, echo: (line) => console.log(line) },
  );
  children.add(portal.child, "the portal", "stopping the print server");

  printBanner(
    `  Print Portal is running:  http://localhost:${port}
  Print server:             ${printServer.url}
  Its sign-in page:         ${printServer.signInPageUrl ?? printServer.url} ("Single sign-on")${
    printServer.panelUrl
      ? `
  A printer's panel:        ${printServer.panelUrl}/   (upload in Files, then Easy Print here)`
      : ""
  }`,
    "stop both",
  );
}

runDemo("demo", children, main);
