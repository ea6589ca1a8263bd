import { connect } from "node:net";
import { createServer } from "node:tls";
import { startFrameHost, type FrameHost } from "../../e2e/support/frame-host";
import { startPrivateStack, type PrivateStack } from "../../e2e/support/private-stack";
import { throwawayTls } from "../../e2e/support/throwaway-tls";
import { freePort } from "../../scripts/lib/free-port.mjs";

// The servers one engine's flows use, each with its own print server and demo
// data (the flows release, delete and redeem, as a person's day would):
//   main         the portal as most organisations run it, single sign-on on
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

export interface EngineStacks {
  main: PrivateStack;
  framed: Intranet;
  framedHttps: Intranet;
  close(): Promise<void>;
}

/** Ends TLS on `port` and passes the bytes to the portal, as a TLS proxy in front of it does. */
async function tlsProxy(port: number, portalUrl: string): Promise<{ close(): Promise<void> }> {
  const { certPem, keyPem } = throwawayTls();
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

export async function startEngineStacks(): Promise<EngineStacks> {
  const [intranetPort, httpsIntranetPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  const httpsUrl = `https://localhost:${httpsPort}`;
  const started = await Promise.allSettled([
    startPrivateStack({ singleSignOn: true }),
    startPrivateStack({ portalEnv: { PORTAL_FRAME_ANCESTORS: `http://127.0.0.1:${intranetPort}` } }),
    startPrivateStack({
      portalEnv: { PORTAL_URL: httpsUrl, PORTAL_FRAME_ANCESTORS: `http://127.0.0.1:${httpsIntranetPort}` },
    }),
  ]);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    // The ones that did start are stopped: nothing outlives a failed start.
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.close() : undefined)));
    throw failed.reason;
  }
  const [main, framed, framedHttps] = started.map(
    (result) => (result as PromiseFulfilledResult<PrivateStack>).value,
  ) as [PrivateStack, PrivateStack, PrivateStack];
  const proxy = await tlsProxy(httpsPort, framedHttps.portalUrl);
  const [host, httpsHost] = await Promise.all([
    startFrameHost(intranetPort, framed.portalUrl),
    startFrameHost(httpsIntranetPort, httpsUrl),
  ]);
  return {
    main,
    framed: { stack: framed, portalUrl: framed.portalUrl, host },
    framedHttps: { stack: framedHttps, portalUrl: httpsUrl, host: httpsHost },
    close: async () => {
      await Promise.all([host.close(), httpsHost.close()]);
      await proxy.close();
      await Promise.all([main.close(), framed.close(), framedHttps.close()]);
    },
  };
}
