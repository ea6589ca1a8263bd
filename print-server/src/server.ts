import type { AddressInfo } from "node:net";
import pino from "pino";
import { buildApp } from "./app.js";
import type { StartupSettings } from "./config.js";
import { openServices } from "./services.js";
import { buildPanelApp } from "./terminal/panel-app.js";

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

function urlOf(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `https://${host}:${address.port}`;
}

/** One JSON line per entry on stdout, with an ISO time. */
export function createLogger(startup: StartupSettings, destination?: pino.DestinationStream): pino.Logger {
  return pino({ level: startup.logLevel, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** Opens the data folder, creates what is missing, and serves HTTPS until closed. */
export async function startServer(startup: StartupSettings, options: { scale?: number } = {}): Promise<RunningServer> {
  const logger = createLogger(startup);
  const opened = await openServices(startup, logger, options);
  const app = await buildApp(opened.services, opened.tls, logger);
  await app.listen({ host: startup.host, port: startup.port });
  const url = urlOf(app.server.address() as AddressInfo);
  let pageApp: Awaited<ReturnType<typeof buildApp>> | undefined;
  let signInPageUrl: string | undefined;
  if (startup.signInPagePort !== undefined) {
    pageApp = await buildApp(opened.services, null, logger);
    await pageApp.listen({ host: "127.0.0.1", port: startup.signInPagePort });
    signInPageUrl = urlOf(pageApp.server.address() as AddressInfo).replace(/^https:/, "http:");
  }
  let panelApp: Awaited<ReturnType<typeof buildPanelApp>> | undefined;
  let panelUrl: string | undefined;
  if (startup.panelPort !== undefined) {
    panelApp = await buildPanelApp(opened.services, logger);
    await panelApp.listen({ host: "127.0.0.1", port: startup.panelPort });
    panelUrl = urlOf(panelApp.server.address() as AddressInfo).replace(/^https:/, "http:");
  }
  logger.info({ url, signInPageUrl, panelUrl, dataDir: startup.dataDir }, "listening");

  let closing: Promise<void> | undefined;
  return {
    url,
    close: () =>
      (closing ??= (async () => {
        // Stop taking requests, let those in flight finish, then the background work, then the database.
        logger.info("stopping");
        const force = setTimeout(() => {
          app.server.closeAllConnections();
          pageApp?.server.closeAllConnections();
          panelApp?.server.closeAllConnections();
        }, 10_000);
        await Promise.all([app.close(), pageApp?.close(), panelApp?.close()]);
        clearTimeout(force);
        await opened.close();
        logger.info("stopped");
      })()),
  };
}
