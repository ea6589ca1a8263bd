import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as helpers from "../lib/stack.mjs";

// A print server of a test's own, without a portal: for tests of the portal's
// server-side code and commands against the real thing (its demo data, its
// CA, verification on), in vitest. Its data folder is temporary.
//
//   const server = await startPrintServerAlone();
//   ... server.url, server.caFile, server.client.clientId ...
//   await server.close();

export interface PrintServerAlone {
  /** e.g. https://127.0.0.1:40321 */
  readonly url: string;
  /** The CA certificate (PEM) to trust, and the same in a file. */
  readonly caPem: string;
  readonly caFile: string;
  /** The portal's registration (scopes as the demo's, with "Manage payments"). */
  readonly client: { clientId: string; clientSecret: string };
  readonly dataDir: string;
  /** Runs the print server's CLI on its data folder (e.g. `["prices"]`); answers stdout. */
  cli(args: string[]): Promise<string>;
  close(): Promise<void>;
}

/** `env`: more print server variables, e.g. `{ PRINT_SERVER_PRINT_JOB_MS: "200" }` for printers that print fast. */
export async function startPrintServerAlone(extraEnv: Record<string, string> = {}): Promise<PrintServerAlone> {
  const workDir = mkdtempSync(join(tmpdir(), "print-server-alone-"));
  const env = {
    PRINT_SERVER_DATA: join(workDir, "print-server"),
    PRINT_SERVER_HOST: "127.0.0.1",
    PRINT_SERVER_PORT: "0",
    ...extraEnv,
  };
  const started = await helpers.startPrintServer(env);
  try {
    const caPem = await helpers.exportCa(env);
    const caFile = join(workDir, "print-server-ca.pem");
    writeFileSync(caFile, caPem);
    const client = await helpers.registerPortalClient(env, "Print Portal (server-side tests)");
    return {
      url: started.url,
      caPem,
      caFile,
      client,
      dataDir: env.PRINT_SERVER_DATA,
      cli: (args) => helpers.printServerCli(args, env),
      async close() {
        await helpers.stopChild(started.child);
        rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await helpers.stopChild(started.child);
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}
