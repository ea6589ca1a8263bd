import type { FastifyBaseLogger } from "fastify";
import { tokenGuard, type TokenGuard } from "./auth/request-auth.js";
import { createSignInLimiter, DEFAULT_LIMITS, type SignInLimiter } from "./auth/sign-in-limiter.js";
import { createTokenSigner, type TokenSigner } from "./auth/token-signer.js";
import type { StartupSettings } from "./config.js";
import type { DataPaths } from "./data-paths.js";
import { openDataStore } from "./data-store.js";
import { clientsRepository, type ClientsRepository } from "./db/clients.js";
import { creditLedger, type CreditLedger } from "./db/credit-ledger.js";
import { grantsStore, type GrantsStore } from "./db/grants-store.js";
import { jobsRepository, type JobsRepository } from "./db/jobs.js";
import { nowSeconds, type Db } from "./db/open-database.js";
import { paymentsRepository, type PaymentsRepository } from "./db/payments.js";
import { printersRepository, type PrintersRepository } from "./db/printers.js";
import { refreshDemoJobs } from "./db/seed-demo-jobs.js";
import { refreshScaleJobs, seedScale } from "./db/seed-scale.js";
import { userPinsRepository, type UserPinsRepository } from "./db/user-pins.js";
import { usersRepository, type UsersRepository } from "./db/users.js";
import { createExternalStorageClient, type ExternalStorageClient } from "./external-storage/storage-client.js";
import { createPrinting, type Printing } from "./printing/printing.js";
import { createReportRunner, type ReportRunner } from "./reports/report-runner.js";
import { ensureTls, type TlsMaterial } from "./tls/certificates.js";

/** Everything a route needs, built once at start and handed to each route plugin. */
export interface Services {
  startup: StartupSettings;
  paths: DataPaths;
  db: Db;
  caPem: string;
  users: UsersRepository;
  pins: UserPinsRepository;
  ledger: CreditLedger;
  clients: ClientsRepository;
  payments: PaymentsRepository;
  grants: GrantsStore;
  signer: TokenSigner;
  limiter: SignInLimiter;
  guard: TokenGuard;
  reports: ReportRunner;
  jobs: JobsRepository;
  printers: PrintersRepository;
  printing: Printing;
  /** MyQ's connection to an External Storage Adapter (Easy Print, Easy Scan); null when not configured. */
  externalStorage: ExternalStorageClient | null;
}

export interface OpenedServices {
  services: Services;
  tls: TlsMaterial;
  /** Waits for running reports (up to their own limit), then closes the database. */
  close(): Promise<void>;
}

/**
 * Opens the data folder (creating it with the demo organisation on first use),
 * the TLS material and every service. The server and the tests' app both start here.
 */
export async function openServices(
  startup: StartupSettings,
  logger: FastifyBaseLogger,
  options: { scale?: number } = {},
): Promise<OpenedServices> {
  // First, so that an unreadable CA file stops the start before anything is opened.
  const externalStorage = startup.externalStorage ? createExternalStorageClient(startup.externalStorage) : null;
  const store = await openDataStore(startup.dataDir);
  if (store.created) logger.info({ dataDir: startup.dataDir }, "created the data folder with the demo organisation");
  if (options.scale) {
    const started = Date.now();
    if (await seedScale(store.db, store.lookupKey, options.scale)) {
      logger.info({ users: options.scale, durationMs: Date.now() - started }, "added the scale organisation");
    }
    const topped = refreshScaleJobs(store.db);
    if (topped > 0) logger.info({ jobs: topped }, "added waiting jobs for the scale user");
  }
  const demoJobs = store.db.transaction(() => refreshDemoJobs(store.db, nowSeconds()))();
  if (demoJobs > 0 && !store.created) logger.info({ jobs: demoJobs }, "gave the demo users their waiting jobs back");
  const tls = ensureTls(store.paths, startup.hostnames);
  const clients = clientsRepository(store.db);
  const signer = createTokenSigner(store.paths, startup.issuer);
  const users = usersRepository(store.db, store.lookupKey);
  const jobs = jobsRepository(store.db);
  const printers = printersRepository(store.db);
  const services: Services = {
    startup,
    paths: store.paths,
    db: store.db,
    caPem: tls.caPem,
    users,
    pins: userPinsRepository(store.db, store.lookupKey),
    ledger: creditLedger(store.db),
    clients,
    payments: paymentsRepository(store.db, store.lookupKey),
    grants: grantsStore(store.db, startup.refreshLifetime),
    signer,
    limiter: createSignInLimiter({ ...DEFAULT_LIMITS, windowSeconds: startup.lockoutWindow }),
    guard: tokenGuard(signer, clients),
    reports: createReportRunner(store.db, store.paths, startup, logger),
    jobs,
    printers,
    printing: createPrinting({ db: store.db, users, jobs, printers }, startup, logger),
    externalStorage,
  };
  return {
    services,
    tls,
    close: async () => {
      services.printing.stop();
      await services.externalStorage?.close();
      await services.reports.stop();
      store.db.close();
    },
  };
}
