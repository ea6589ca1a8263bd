import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadStartupSettings } from "../../src/config.js";
import { createLogger } from "../../src/server.js";
import { openServices, type Services } from "../../src/services.js";
import type { ApiTarget, ClientOptions, RegisteredClient, TargetResponse } from "./api-target.js";
import { newDataDir, removeDataDir, runCli, type LogLine } from "./print-server-process.js";

/** The app in this process on its own temp data folder with the demo organisation; requests go through inject(). */
export interface TestApp extends ApiTarget {
  app: FastifyInstance;
  services: Services;
  /** The log lines written so far (JSON, as the server writes them on stdout). */
  logs: LogLine[];
  /** The raw log text, for checks that nothing secret was written. */
  output: () => string;
  /** Stops background work, closes the database and removes the data folder. */
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** PRINT_SERVER_* settings, as the server reads them from its environment. */
  env?: Record<string, string>;
}

/**
 * Builds the print server's app exactly as `serve` does (same settings,
 * services, plugins and logger), without a port: fast, so most API tests use it.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = newDataDir();
  const startup = loadStartupSettings({ PRINT_SERVER_DATA: dataDir, PRINT_SERVER_LOG_LEVEL: "info", ...options.env });
  const logs: LogLine[] = [];
  let raw = "";
  const logger = createLogger(startup, {
    write: (line: string) => {
      raw += line;
      logs.push(JSON.parse(line) as LogLine);
    },
  });
  const opened = await openServices(startup, logger);
  const app = await buildApp(opened.services, opened.tls, logger);
  await app.ready();
  const cliEnv = { PRINT_SERVER_DATA: dataDir };

  return {
    app,
    services: opened.services,
    dataDir,
    logs,
    output: () => raw,
    fetch: async (path, init = {}): Promise<TargetResponse> => {
      const res = await app.inject({
        method: (init.method ?? "GET") as "GET",
        url: path,
        headers: init.headers,
        payload: init.body,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const one of Array.isArray(value) ? value : [value])
          if (one !== undefined) headers.append(name, String(one));
      }
      return new Response([204, 304].includes(res.statusCode) ? null : res.rawPayload, {
        status: res.statusCode,
        headers,
      });
    },
    registerClient: async (scopes: string, client: ClientOptions = {}): Promise<RegisteredClient> => {
      const title = client.title ?? "Test client";
      const scopeList = scopes.split(" ").filter(Boolean);
      const created = opened.services.clients.add({
        title,
        scopes: scopeList,
        redirectUris: client.redirectUris ?? [],
        forwardsUserAddress: client.forwardsUserAddress ?? false,
        managePayments: client.managePayments ?? false,
      });
      return { ...created, title, scopes: scopeList.join(" ") };
    },
    cli: (args) => runCli(args, cliEnv),
    close: async () => {
      await app.close();
      await opened.close();
      removeDataDir(dataDir);
    },
  };
}
