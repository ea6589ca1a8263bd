import type { FastifyBaseLogger } from "fastify";
import type { StartupSettings } from "../config.js";
import type { JobsRepository } from "../db/jobs.js";
import type { Db } from "../db/open-database.js";
import type { PrintersRepository } from "../db/printers.js";
import type { UsersRepository } from "../db/users.js";
import { jobChanges } from "./job-changes.js";
import { createJobRetention } from "./job-retention.js";
import { createPrintSimulator } from "./print-simulator.js";
import { jobReleaser } from "./release.js";

/**
 * Everything that changes print jobs: release (and the simulated printers that
 * print and charge), favourites and deletion, and retention. Started once with
 * the services; its timers stop with them.
 */
export function createPrinting(
  deps: { db: Db; users: UsersRepository; jobs: JobsRepository; printers: PrintersRepository },
  startup: StartupSettings,
  log: FastifyBaseLogger,
) {
  const simulator = createPrintSimulator(deps.db, startup, log);
  const retention = createJobRetention(deps.db, startup, log);
  return {
    release: jobReleaser({ ...deps, retention, simulator }),
    changes: jobChanges(deps.db, deps.jobs),
    retention,
    simulator,
    stop(): void {
      simulator.stop();
      retention.stop();
    },
  };
}

export type Printing = ReturnType<typeof createPrinting>;
