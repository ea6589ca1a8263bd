import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import Database from "better-sqlite3";
import type { Cluster } from "../../scripts/lib/cluster.mjs";
import { loadCluster, loadStack } from "./load-stack";
import { freePort } from "./free-port";
import { testPrintServerEnv } from "./stack-env";

// The stack of `npm run demo:cluster` on free ports with a temporary data
// folder: a print server with short-lived tokens, Redis with its append-only
// file, three portal instances and nginx with TLS in front of them, started by
// the same code (scripts/lib/cluster.mjs). The browser trusts the print
// server's CA through an NSS database in a home folder of its own (Chromium on
// Linux reads ~/.pki/nssdb), as a person's browser would after the step in
// docs/administrators.md: TLS verification stays on.

export interface ClusterStack extends Cluster {
  /** HOME for a Chromium that trusts the cluster's CA. */
  readonly browserHome: string;
  /** The CA that signed nginx's certificate, for clients other than the browser. */
  readonly caFile: string;
  /** The print server's database, for what it says about refresh tokens. */
  readonly printServerDatabase: string;
  /** Which instance (0, 1, 2) logged the request with this id, or undefined. */
  instanceOf(requestId: string): number | undefined;
  /** The lines of nginx's access log, from line `fromLine` (0-based) on. */
  accessLog(fromLine?: number): string[];
  close(): Promise<void>;
}

/** Trusts `caFile` for TLS servers in a new NSS database under `home`. */
function trustCaInNss(home: string, caFile: string): void {
  const nssdb = join(home, ".pki", "nssdb");
  mkdirSync(nssdb, { recursive: true });
  execFileSync("certutil", ["-d", `sql:${nssdb}`, "-N", "--empty-password"]);
  execFileSync("certutil", ["-d", `sql:${nssdb}`, "-A", "-t", "C,,", "-n", "Print Portal cluster CA", "-i", caFile]);
}

export async function startClusterStack(): Promise<ClusterStack> {
  const { exportCa, registerPortalClient, startPrintServer, stopChild } = await loadStack();
  const { startCluster } = await loadCluster();
  const workDir = mkdtempSync(join(tmpdir(), "print-portal-cluster-"));
  const dataDir = join(workDir, "print-server");
  const printServerEnv = testPrintServerEnv(dataDir);
  let printServer: ChildProcess | undefined;
  let cluster: Cluster | undefined;
  const close = async () => {
    await cluster?.stop();
    if (printServer) await stopChild(printServer);
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const started = await startPrintServer(printServerEnv);
    printServer = started.child;
    const caFile = join(workDir, "ca.pem");
    writeFileSync(caFile, await exportCa(printServerEnv));
    const nginxPort = await freePort();
    const client = await registerPortalClient(printServerEnv, "Print Portal (cluster tests)", {
      portalUrls: [`https://localhost:${nginxPort}`],
    });
    const requestIds = new Map<string, number>();
    cluster = await startCluster({
      dir: join(workDir, "cluster"),
      nginxPort,
      redisPort: await freePort(),
      instancePorts: [await freePort(), await freePort(), await freePort()],
      certificate: join(dataDir, "tls", "server.crt"),
      certificateKey: join(dataDir, "tls", "server.key"),
      authSecret: randomBytes(33).toString("base64url"),
      portalEnv: {
        PRINT_SERVER_URL: started.url,
        PRINT_SERVER_CA_FILE: caFile,
        PRINT_SERVER_CLIENT_ID: client.clientId,
        PRINT_SERVER_CLIENT_SECRET: client.clientSecret,
      },
      onPortalLine: (index, line) => {
        if (!line.includes('"requestId"')) return;
        try {
          const parsed = JSON.parse(line) as { msg?: string; requestId?: string };
          if (parsed.msg === "request" && parsed.requestId) requestIds.set(parsed.requestId, index);
        } catch {
          // Not a log line of ours.
        }
      },
    });
    const browserHome = join(workDir, "browser-home");
    trustCaInNss(browserHome, caFile);
    const { accessLog } = cluster.nginx;
    return {
      ...cluster,
      browserHome,
      caFile,
      printServerDatabase: join(dataDir, "print-server.db"),
      instanceOf: (requestId) => requestIds.get(requestId),
      accessLog: (fromLine = 0) => readFileSync(accessLog, "utf8").split("\n").filter(Boolean).slice(fromLine),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The refresh tokens of a user's newest chain (one per sign-in), oldest first. */
export function newestRefreshChain(
  databaseFile: string,
  username: string,
): { created: number; retired: boolean; revoked: boolean }[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT r.created_at AS created, r.retired_at IS NOT NULL AS retired, r.revoked_at IS NOT NULL AS revoked
           FROM refresh_tokens r
          WHERE r.chain_id = (SELECT chain_id FROM refresh_tokens t JOIN users u ON u.id = t.user_id
                               WHERE u.username = ? ORDER BY t.rowid DESC LIMIT 1)
          ORDER BY r.rowid`,
      )
      .all(username) as { created: number; retired: number; revoked: number }[];
    return rows.map((row) => ({ created: row.created, retired: row.retired === 1, revoked: row.revoked === 1 }));
  } finally {
    db.close();
  }
}
