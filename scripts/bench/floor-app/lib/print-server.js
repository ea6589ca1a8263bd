import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";

// The upstream the bench started, as the floor's download route calls it:
// plain node:https on kept-alive connections that trust its CA (the FLOOR_*
// variables floor.mjs sets), no client library, no checks.

let upstream;

function printServer() {
  upstream ??= {
    base: process.env.FLOOR_PRINT_SERVER_URL,
    agent: new Agent({
      keepAlive: true,
      ca: readFileSync(/* turbopackIgnore: true */ process.env.FLOOR_PRINT_SERVER_CA_FILE ?? ""),
    }),
  };
  return upstream;
}

/** Sends one request to `path` upstream; resolves with its answer (a Node stream) once the headers are in. */
export function callPrintServer(path, { method = "GET", headers = {}, body } = {}) {
  const { base, agent } = printServer();
  return new Promise((resolve, reject) => {
    const call = request(new URL(path, base), { method, agent, headers }, resolve);
    call.once("error", reject);
    call.end(body);
  });
}
