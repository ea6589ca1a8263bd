#!/usr/bin/env node
// `npm run demo:cluster`: the print server with its demo organisation, Redis,
// three portal instances and nginx in front of them, the way an organisation
// runs the portal for thousands of people: TLS ends at nginx, requests go
// round-robin to the instances with no sticky sessions, and the instances
// share sessions, sign-in limits and refresh locks in Redis.
//
// Settings: PORT (nginx's HTTPS port, default 8443), CLUSTER_REDIS_PORT
// (default: a free port); the print server's own (PRINT_SERVER_DATA, ...).
// Files: Redis's data and nginx's configuration and logs under .data/cluster/,
// the rest under .data/portal/ like `npm run demo`.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { startCluster } from "./lib/cluster.mjs";
import {
  dataDir,
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
import { buildPortal, freePort, portalNeedsBuild, root } from "./lib/stack.mjs";

const instanceCount = 3;
const nginxPort = Number(process.env.PORT ?? 8443);
const portalUrl = `https://localhost:${nginxPort}`;
const clusterDir = join(root, ".data", "cluster");
const say = sayer("cluster");
const children = supervisor("cluster");

async function main() {
  if (portalNeedsBuild()) {
    say("building the portal (first start or sources changed)");
    await buildPortal();
  }

  say("starting the print server");
  // Its printers reach the instances' external storage adapter through nginx,
  // over HTTPS with the print server's own certificate, so its CA is the one to trust.
  const files = demoFiles();
  const printServerCa = join(dataDir, "tls", "ca.crt");
  const printServer = await startDemoPrintServer({
    ...printServerStorageSettings(portalUrl, files),
    ...(existsSync(printServerCa) ? { PRINT_SERVER_EXTERNAL_STORAGE_CA_FILE: printServerCa } : {}),
  });
  children.add(printServer.child, "the print server", "stopping everything");
  const client = await demoPortalClient({
    portalUrl,
    fileName: "cluster-client.json",
    title: "Print Portal (cluster)",
    say,
  });

  const redisPort = Number(process.env.CLUSTER_REDIS_PORT || (await freePort()));
  const instancePorts = [];
  for (let i = 0; i < instanceCount; i += 1) instancePorts.push(await freePort());
  say(`starting Redis (port ${redisPort}), ${instanceCount} portal instances and nginx`);
  const cluster = await startCluster({
    dir: clusterDir,
    nginxPort,
    redisPort,
    instancePorts,
    // The print server's own certificate (issued by its CA for localhost and
    // 127.0.0.1) serves the demo's HTTPS address too: one CA to trust.
    certificate: join(dataDir, "tls", "server.crt"),
    certificateKey: join(dataDir, "tls", "server.key"),
    authSecret: demoAuthSecret(),
    // One files folder for every instance, as a shared volume would be.
    portalEnv: { ...printServerSettings(printServer, client), ...portalFilesSettings(files), ...demoSignInSettings() },
    onPortalLine: (index, line) => console.log(`[portal ${index + 1}] ${line}`),
  });
  children.onStop(cluster.stop);
  children.add(cluster.nginx.child, "nginx", "stopping everything");
  children.add(cluster.redis.child, "Redis", "stopping everything");

  printBanner(
    `  Print Portal is running:  ${cluster.url}   (nginx, round-robin to the instances below)
  Portal instances:         ${cluster.instances.map((instance) => `http://${instance.address}`).join("  ")}
  Redis:                    ${cluster.redis.url}   (data in .data/cluster/redis)
  Print server:             ${printServer.url}
  nginx configuration:      ${cluster.nginx.config}
  The browser must trust:   ${printServer.caFile}   (docs/administrators.md, "Several instances: Redis")`,
    "stop everything",
  );
}

runDemo("cluster", children, main);
