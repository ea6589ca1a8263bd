import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";

// The print server the bench started, as the floor's routes call it: plain
// node:https on kept-alive connections that trust its CA (the FLOOR_*
// variables floor.mjs sets), no client library, no checks.

let upstream;

function printServer() {
  upstream ??= {
    base: process.env.FLOOR_PRINT_SERVER_URL,
    agent: new Agent({
      keepAlive: true,
      ca: readFileSync(/* turbopackIgnore: true */ process.env.FLOOR_PRINT_SERVER_CA_FILE ?? ""),
    }),
    client: JSON.parse(process.env.FLOOR_PRINT_SERVER_CLIENT ?? "{}"),
  };
  return upstream;
}

/** The bench's registered client: clientId, clientSecret and the portal's scope. */
export function floorClient() {
  return printServer().client;
}

/** Sends one request to `path` on the print server; resolves with its answer (a Node stream) once the headers are in. */
export function callPrintServer(path, { method = "GET", headers = {}, body } = {}) {
  const { base, agent } = printServer();
  return new Promise((resolve, reject) => {
    const call = request(new URL(path, base), { method, agent, headers }, resolve);
    call.once("error", reject);
    call.end(body);
  });
}
