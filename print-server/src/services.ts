import type { ServerConfig } from "./config.js";
import type { DataPaths } from "./data-paths.js";
import type { Db } from "./db/open-database.js";
import type { UsersRepository } from "./db/users.js";
import type { ClientsRepository } from "./db/clients.js";
import type { GrantsStore } from "./db/grants-store.js";
import type { TokenSigner } from "./auth/token-signer.js";
import type { SignInLimiter } from "./auth/sign-in-limiter.js";
import type { TokenGuard } from "./auth/request-auth.js";
import type { ReportRunner } from "./reports/report-runner.js";

/** Everything a route needs, built once at start. */
export interface Services {
  config: ServerConfig;
  paths: DataPaths;
  db: Db;
  caPem: string;
  users: UsersRepository;
  clients: ClientsRepository;
  grants: GrantsStore;
  signer: TokenSigner;
  limiter: SignInLimiter;
  guard: TokenGuard;
  reports: ReportRunner;
}
