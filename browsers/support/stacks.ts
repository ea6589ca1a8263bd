import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer as createHttpsServer } from "node:https";
import { createServer } from "node:tls";
import { startFrameHost, type FrameHost } from "../../e2e/support/frame-host";
import { startPrivateStack, type PrivateStack } from "../../e2e/support/private-stack";
import { throwawayTls } from "../../e2e/support/throwaway-tls";
import { freePort } from "../../scripts/lib/free-port.mjs";

// The servers one engine's flows use, each with its own print server and demo
// data (the flows release, delete and redeem, as a person's day would):
//   main         the portal as most organisations run it, single sign-on on,
//                files in a folder of its own and MyQ's storage adapter on
//   framed       a portal on plain http://localhost that allows one intranet
//                origin (http://127.0.0.1:<port>, another site) to frame it
//   framedHttps  the same behind a TLS proxy on https://localhost, as
//                docs/administrators.md asks for embedding

export interface Intranet {
  stack: PrivateStack;
  /** The portal's address as the browser uses it. */
  portalUrl: string;
  /** The intranet page that frames it. */
  host: FrameHost;
}

/** The main portal's external storage adapter, as MyQ calls it to deliver a scan. */
export interface StorageAdapter {
  url: string;
  /** The Basic authorization header MyQ's connection sends. */
  authorization: string;
}

export interface EngineStacks {
  main: PrivateStack;
  adapter: StorageAdapter;
  framed: Intranet;
  framedHttps: Intranet;
  close(): Promise<void>;
}

/** The run's own certificate authority and the https:// portal's certificate (throwaway-tls.ts). */
export type RunTls = ReturnType<typeof throwawayTls>;

/** Ends TLS on `port` and passes the bytes to the portal, as a TLS proxy in front of it does. */
async function tlsProxy(
  port: number,
  portalUrl: string,
  { certPem, keyPem }: Pick<RunTls, "certPem" | "keyPem">,
): Promise<{ close(): Promise<void> }> {
  const target = new URL(portalUrl);
  const open = new Set<{ destroy(): void }>();
  const server = createServer({ cert: certPem, key: keyPem }, (client) => {
    const upstream = connect(Number(target.port), "127.0.0.1");
    open.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    close: () => {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The engine's servers; the https:// one presents `tls`'s certificate, which the browser trusts. */
/** An https:// page on localhost whose certificate comes from a CA no one trusts. */
export async function strangerSite(): Promise<{ url: string; title: string; close(): Promise<void> }> {
  const { certPem, keyPem } = throwawayTls();
  const title = "A stranger's page";
  const server = createHttpsServer({ cert: certPem, key: keyPem }, (_, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(`<!doctype html><title>${title}</title><p>Served behind an untrusted certificate.</p>`);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `https://localhost:${port}`,
    title,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export async function startEngineStacks(tls: RunTls): Promise<EngineStacks> {
  const [intranetPort, httpsIntranetPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  const httpsUrl = `https://localhost:${httpsPort}`;
  // The default files folder is the checkout's, shared by every portal started from it.
  const filesDir = mkdtempSync(join(tmpdir(), "print-portal-browser-files-"));
  const storage = { login: "myq", password: randomBytes(18).toString("base64url") };
  // The browsers reach each portal directly, so each is known by its own
  // (loopback) address: no proxy's header is believed. The TLS proxy passes
  // bytes only and names no one.
  const direct = { PORTAL_TRUSTED_PROXIES: "192.0.2.1" };
  const started = await Promise.allSettled([
    startPrivateStack({
      singleSignOn: true,
      portalEnv: {
        ...direct,
        PORTAL_FILES_DIR: filesDir,
        PORTAL_EXTERNAL_STORAGE_LOGIN: storage.login,
        PORTAL_EXTERNAL_STORAGE_PASSWORD: storage.password,
      },
    }),
    startPrivateStack({ portalEnv: { ...direct, PORTAL_FRAME_ANCESTORS: `http://127.0.0.1:${intranetPort}` } }),
    startPrivateStack({
      portalEnv: {
        ...direct,
        PORTAL_URL: httpsUrl,
        PORTAL_FRAME_ANCESTORS: `http://127.0.0.1:${httpsIntranetPort}`,
      },
    }),
  ]);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    // The ones that did start are stopped: nothing outlives a failed start.
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.close() : undefined)));
    rmSync(filesDir, { recursive: true, force: true });
    throw failed.reason;
  }
  const [main, framed, framedHttps] = started.map(
    (result) => (result as PromiseFulfilledResult<PrivateStack>).value,
  ) as [PrivateStack, PrivateStack, PrivateStack];
  const proxy = await tlsProxy(httpsPort, framedHttps.portalUrl, tls);
  const [host, httpsHost] = await Promise.all([
    startFrameHost(intranetPort, framed.portalUrl),
    startFrameHost(httpsIntranetPort, httpsUrl),
  ]);
  return {
    main,
    adapter: {
      url: `${main.portalUrl}/api/external-storage`,
      authorization: `Basic ${Buffer.from(`${storage.login}:${storage.password}`).toString("base64")}`,
    },
    framed: { stack: framed, portalUrl: framed.portalUrl, host },
    framedHttps: { stack: framedHttps, portalUrl: httpsUrl, host: httpsHost },
    close: async () => {
      await Promise.all([host.close(), httpsHost.close()]);
      await proxy.close();
      await Promise.all([main.close(), framed.close(), framedHttps.close()]);
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
