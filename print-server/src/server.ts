import type { AddressInfo } from "node:net";
import pino from "pino";
import { buildApp } from "./app.js";
import type { ServerConfig } from "./config.js";
import { openDataStore } from "./data-store.js";
import { clientsRepository } from "./db/clients.js";
import { grantsStore } from "./db/grants-store.js";
import { seedScale } from "./db/seed-scale.js";
import { usersRepository } from "./db/users.js";
import { tokenGuard } from "./auth/request-auth.js";
import { createSignInLimiter, DEFAULT_LIMITS } from "./auth/sign-in-limiter.js";
import { createTokenSigner } from "./auth/token-signer.js";
import { createReportRunner } from "./reports/report-runner.js";
import type { Services } from "./services.js";
import { ensureTls } from "./tls/certificates.js";

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

function urlOf(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `https://${host}:${address.port}`;
}

/** Opens the data folder, creates what is missing, and serves HTTPS until closed. */
export async function startServer(config: ServerConfig, options: { scale?: number } = {}): Promise<RunningServer> {
  const logger = pino({ level: config.logLevel, timestamp: pino.stdTimeFunctions.isoTime });
  const store = await openDataStore(config);
  if (store.created) logger.info({ dataDir: config.dataDir }, "created the data folder with the demo organisation");
  if (options.scale) {
    const started = Date.now();
    if (await seedScale(store.db, store.lookupKey, options.scale)) {
      logger.info({ users: options.scale, durationMs: Date.now() - started }, "added the scale organisation");
    }
  }
  const tls = ensureTls(store.paths, config.hostnames);
  const clients = clientsRepository(store.db);
  const signer = createTokenSigner(store.paths, config.issuer);
  const services: Services = {
    config,
    paths: store.paths,
    db: store.db,
    caPem: tls.caPem,
    users: usersRepository(store.db, store.lookupKey),
    clients,
    grants: grantsStore(store.db, config.refreshLifetime),
    signer,
    limiter: createSignInLimiter({ ...DEFAULT_LIMITS, windowSeconds: config.lockoutWindow }),
    guard: tokenGuard(signer, clients),
    reports: createReportRunner(store.db, store.paths, config, logger),
  };
  const app = await buildApp(services, tls, logger);
  let closing: Promise<void> | undefined;
  // Answers sent while stopping close their connection, so keep-alive clients do not hold the exit up.
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("Connection", "close");
  });
  await app.listen({ host: config.host, port: config.port });
  const url = urlOf(app.server.address() as AddressInfo);
  logger.info({ url, dataDir: config.dataDir }, "listening");

  return {
    url,
    close: () =>
      (closing ??= (async () => {
        // Stop taking requests, let those in flight finish, then the background work, then the database.
        logger.info("stopping");
        const force = setTimeout(() => app.server.closeAllConnections(), 10_000);
        await app.close();
        clearTimeout(force);
        await services.reports.stop();
        store.db.close();
        logger.info("stopped");
      })()),
  };
}
