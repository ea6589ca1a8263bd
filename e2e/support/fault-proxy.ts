import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

// A tiny TCP proxy between the portal and the print server, for the fault
// suite (e2e/faults.spec.ts). It passes TLS through untouched (the portal still
// verifies the print server's certificate, issued for 127.0.0.1), and on
// command it drops connections, holds answers back, or trickles them, so the
// faults happen on real sockets. When the print server goes away, every
// connection through the proxy goes with it.

export interface FaultProxy {
  /** The address the portal uses instead of the print server's, e.g. https://127.0.0.1:41234. */
  readonly url: string;
  /** The next `count` requests (the first data a client sends on any connection) lose their connection. */
  dropNext(count: number): void;
  /** Connections dropped so far by dropNext. */
  readonly dropped: number;
  /** Holds every answer back this long before passing it on (0: pass at once). */
  delayAnswers(ms: number): void;
  /** Passes answers on at most `bytesPerSecond` (0: unlimited). */
  throttleAnswers(bytesPerSecond: number): void;
  close(): Promise<void>;
}

const sliceBytes = 1024;

export async function startFaultProxy(upstreamUrl: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  let toDrop = 0;
  let dropped = 0;
  let delayMs = 0;
  let bytesPerSecond = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const target = connect(Number(upstream.port), upstream.hostname);
    sockets.add(client).add(target);
    const closeBoth = () => {
      client.destroy();
      target.destroy();
      sockets.delete(client);
      sockets.delete(target);
    };
    client.on("error", closeBoth).on("close", closeBoth);
    target.on("error", closeBoth).on("close", closeBoth);

    client.on("data", (chunk: Buffer) => {
      if (toDrop > 0) {
        toDrop--;
        dropped++;
        closeBoth();
        return;
      }
      target.write(chunk);
    });

    // Answers go through one queue per connection, so delays and the
    // trickle keep their order.
    let queue = Promise.resolve();
    target.on("data", (chunk: Buffer) => {
      queue = queue.then(async () => {
        if (delayMs > 0) await sleep(delayMs);
        if (bytesPerSecond <= 0) {
          if (!client.destroyed) client.write(chunk);
          return;
        }
        for (let at = 0; at < chunk.length && !client.destroyed; at += sliceBytes) {
          client.write(chunk.subarray(at, at + sliceBytes));
          await sleep((sliceBytes / bytesPerSecond) * 1000);
        }
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${upstream.protocol}//127.0.0.1:${port}`,
    dropNext(count) {
      toDrop = count;
    },
    get dropped() {
      return dropped;
    },
    delayAnswers(ms) {
      delayMs = ms;
    },
    throttleAnswers(rate) {
      bytesPerSecond = rate;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
