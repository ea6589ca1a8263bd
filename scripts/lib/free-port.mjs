// The one free-port helper, for everything that starts a server on a port of
// its own: the browser tests (e2e/), the portal's unit tests and the
// benchmarks (scripts/bench/). Plain JavaScript so scripts can import it too.

import { createServer } from "node:net";

/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
