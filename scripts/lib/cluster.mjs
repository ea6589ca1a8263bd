// Redis, nginx and several portal instances: the pieces of `npm run
// demo:cluster` (scripts/demo-cluster.mjs), shared with the cluster browser
// tests (e2e/cluster.spec.ts), which start the same stack on free ports.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { nginxMainConfig, nginxSite } from "./nginx-site.mjs";
import { startPortal, stopChild } from "./stack.mjs";

/** Resolves once something accepts TCP connections on 127.0.0.1:port; rejects if `child` exits first. */
function waitForPort(port, child, label, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const until = Date.now() + timeoutMs;
    let exited = false;
    const onExit = (code) => {
      exited = true;
      reject(new Error(`${label} exited with code ${code} before it was ready`));
    };
    child.once("exit", onExit);
    const attempt = () => {
      if (exited) return;
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        child.off("exit", onExit);
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > until) {
          child.off("exit", onExit);
          reject(new Error(`${label} did not listen on port ${port} within ${timeoutMs / 1000} s`));
        } else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Resolves with the child once a line of its stdout contains `text`. */
function waitForText(child, text, label, echo, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with code ${code} before it was ready`));
    };
    child.once("exit", onExit);
    createInterface({ input: child.stdout }).on("line", (line) => {
      echo?.(line);
      if (line.includes(text)) {
        clearTimeout(timer);
        child.off("exit", onExit);
        resolve(child);
      }
    });
  });
}

/**
 * A redis-server on 127.0.0.1:port that keeps its data in `dir` with an
 * append-only file, so sessions survive its restart. `start` again after
 * `stop` reads them back.
 */
export function redisServer({ dir, port, echo }) {
  mkdirSync(dir, { recursive: true });
  let child;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (child) return;
      child = spawn(
        "redis-server",
        // appendfsync everysec: at most a second of writes lost if the machine
        // itself fails; a stopped Redis writes everything first.
        [
          "--port",
          String(port),
          "--bind",
          "127.0.0.1",
          "--dir",
          dir,
          "--appendonly",
          "yes",
          "--appendfsync",
          "everysec",
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      child.once("exit", () => (child = undefined));
      await waitForText(child, "Ready to accept connections", "Redis", echo);
    },
    /** Stops Redis the way a service manager does (SIGTERM: it saves, then exits). */
    async stop() {
      if (child) await stopChild(child, 15_000);
    },
    get child() {
      return child;
    },
  };
}

function nginxBinary() {
  if (process.env.NGINX) return process.env.NGINX;
  return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
}

/**
 * nginx in the foreground as the current user, with its configuration, pid
 * file, logs and temporary files in `dir`: TLS on 127.0.0.1:port, round-robin
 * to `instances`. Resolves once it listens.
 */
export async function startNginx({ dir, port, serverName, instances, certificate, certificateKey }) {
  mkdirSync(join(dir, "temp"), { recursive: true });
  const accessLog = join(dir, "access.log");
  const site = nginxSite({
    serverName,
    listen: `127.0.0.1:${port}`,
    instances,
    certificate,
    certificateKey,
    accessLog,
  });
  const config = join(dir, "nginx.conf");
  writeFileSync(config, nginxMainConfig({ prefix: dir, site, runningAsRoot: process.getuid?.() === 0 }));
  // -e: the error log from the first moment, before the configuration is read
  // (else nginx tries /var/log/nginx/error.log, which only root may write).
  const child = spawn(nginxBinary(), ["-p", dir, "-c", config, "-e", join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForPort(port, child, "nginx");
  } catch (error) {
    const log = existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8").trim() : "";
    throw new Error(`${error.message}${log ? `\n${log.split("\n").slice(-5).join("\n")}` : ""}`);
  }
  return { child, config, accessLog };
}

/**
 * One portal instance of the cluster, on 127.0.0.1:port: `start` again after
 * `stop` or `kill` brings it back on the same port. Every line it logs goes
 * to `onLine`.
 */
export function portalInstance({ name, port, env, onLine }) {
  let child;
  return {
    name,
    port,
    address: `127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = await startPortal(
        { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
        { echo: (line) => onLine?.(line) },
      );
      child = started.child;
      child.once("exit", () => (child = undefined));
    },
    async stop() {
      if (child) await stopChild(child);
    },
    /** SIGKILL: no goodbye, open connections just drop. */
    async kill() {
      if (!child) return;
      const dying = child;
      await new Promise((resolve) => {
        dying.once("exit", resolve);
        dying.kill("SIGKILL");
      });
    },
    get child() {
      return child;
    },
  };
}

/**
 * The variables every instance shares behind nginx: the same secret, the same
 * Redis, and nginx as the one trusted proxy, as an administrator would set them.
 */
export function clusterPortalEnv({ portalUrl, redisUrl, authSecret }) {
  return {
    PORTAL_URL: portalUrl,
    PORTAL_REDIS_URL: redisUrl,
    AUTH_SECRET: authSecret,
    PORTAL_TRUSTED_PROXY_HEADER: "x-forwarded-for",
    PORTAL_TRUSTED_PROXIES: "127.0.0.1",
  };
}

/**
 * Redis, `instancePorts.length` portal instances and nginx in front of them,
 * all on 127.0.0.1, with their files under `dir`. `portalEnv` holds what the
 * instances need beyond clusterPortalEnv (the print server's URL, CA file and
 * client). The print server is the caller's.
 */
export async function startCluster({
  dir,
  nginxPort,
  redisPort,
  instancePorts,
  serverName = "localhost",
  certificate,
  certificateKey,
  authSecret,
  portalEnv,
  onPortalLine,
  echo,
}) {
  const url = `https://${serverName}:${nginxPort}`;
  const redis = redisServer({ dir: join(dir, "redis"), port: redisPort, echo });
  const instances = instancePorts.map((port, index) =>
    portalInstance({
      name: `portal ${index + 1}`,
      port,
      env: { ...portalEnv, ...clusterPortalEnv({ portalUrl: url, redisUrl: redis.url, authSecret }) },
      onLine: (line) => onPortalLine?.(index, line),
    }),
  );
  let nginx;
  const stop = async () => {
    if (nginx) await stopChild(nginx.child);
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis.stop();
  };
  try {
    await redis.start();
    await Promise.all(instances.map((instance) => instance.start()));
    nginx = await startNginx({
      dir: join(dir, "nginx"),
      port: nginxPort,
      serverName,
      instances: instances.map((instance) => instance.address),
      certificate,
      certificateKey,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, redis, instances, nginx, stop };
}
