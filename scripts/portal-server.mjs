#!/usr/bin/env node
// The portal's HTTP server: Next.js behind a thin Node server that adds only
// what Next.js lacks. It records the socket's peer address in a header the
// app trusts (Next.js exposes no socket address, and only fills
// X-Forwarded-For when a client did not send one), gives every request an id
// (its answer and its log lines carry it), and writes one access log line per
// request. It also answers a request for another host than PORTAL_URL's with
// 421 before any route runs (lib/served-host.mjs). Everything else, static
// files and compression included, is Next.js's.
//
// Usage: node scripts/portal-server.mjs [--dev]   (PORT, default 3000; HOSTNAME)

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, STATUS_CODES } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import pino from "pino";
import { allowedMethods, apiRoutes } from "./lib/api-methods.mjs";
import { apiHeaders, securityHeaders } from "./lib/security-headers.mjs";
import { servedHostCheck } from "./lib/served-host.mjs";

const log = pino({ timestamp: pino.stdTimeFunctions.isoTime });

const peerAddressHeader = "x-portal-peer-address";
// The request being served, for the app (lib/request-context.ts): its id, and
// a way to send a streamed answer's length. Its presence also tells
// lib/auth/client-address.ts that this server wrote the peer header. Registered where
// lib/process-singletons.ts keeps the process's one of each thing, so every
// bundle Next.js loads finds this same store.
const requestContext = new AsyncLocalStorage();
const singletons = (globalThis[Symbol.for("print-portal.process-singletons")] ??= new Map());
singletons.set("request-context", requestContext);

const requestIdPattern = /^[A-Za-z0-9._-]{8,128}$/;
// Served over HTTPS (through the TLS proxy that PORTAL_URL names): browsers
// are told to come back only over HTTPS, on every answer, static files too.
// Not includeSubDomains: other intranet hosts under the same domain may still
// be plain HTTP, and that is not the portal's to decide.
const strictTransportSecurity = process.env.PORTAL_URL?.trim().startsWith("https://") ? "max-age=31536000" : undefined;

/** Whether a request is for PORTAL_URL's host; without a valid PORTAL_URL the app refuses to start anyway. */
const servedHost = URL.canParse(process.env.PORTAL_URL?.trim() ?? "")
  ? servedHostCheck(process.env.PORTAL_URL.trim())
  : () => true;
// Load balancers probe an instance by its own address; the health answer is nobody's.
const anyHostPaths = new Set(["/api/health"]);

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "localhost";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.error({ port: process.env.PORT }, "PORT must be a port number");
  process.exit(1);
}

const dir = fileURLToPath(new URL("..", import.meta.url));
const app = next({ dev, dir, hostname, port });
const handle = app.getRequestHandler();

// The methods each API route answers; `next dev` may gain routes while it runs.
const apiDir = join(dir, "app", "api");
const builtRoutes = apiRoutes(apiDir);
const routesNow = () => (dev ? apiRoutes(apiDir) : builtRoutes);

/** The error sentences of the default language, for the answers this file writes itself. */
const errorSentences = JSON.parse(readFileSync(new URL("../messages/en.json", import.meta.url), "utf8")).errors;

/** An answer this server writes itself: JSON, never cached, with the API's headers. */
function answerJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  for (const { key, value } of [...securityHeaders, ...apiHeaders]) res.setHeader(key, value);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

await app.prepare();

const server = createServer((req, res) => {
  const started = process.hrtime.bigint();
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = requestId;
  // Whatever a client sent under this name is replaced by the real peer.
  req.headers[peerAddressHeader] = req.socket.remoteAddress ?? "";
  res.setHeader("x-request-id", requestId);
  if (strictTransportSecurity) res.setHeader("strict-transport-security", strictTransportSecurity);
  const path = (req.url ?? "/").split("?")[0];
  res.on("finish", () => {
    // Static assets would drown the log; everything else is one line.
    if (path.startsWith("/_next/static/")) return;
    log.info(
      {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      },
      "request",
    );
  });

  if (!anyHostPaths.has(path) && !servedHost(req.headers)) {
    answerJson(res, 421, { error: "bad_request", message: errorSentences.bad_request });
    return;
  }

  if (path.startsWith("/api/external-storage/")) {
    // A dot segment would be resolved away by URL parsing before the adapter
    // could refuse it, turning alice's path into bob's: refused as it came.
    if (path.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) {
      answerJson(res, 400, { error: "bad_request", message: errorSentences.bad_request });
      return;
    }
    // MyQ names a person's root folder with a trailing slash (/folders/{username}/),
    // which Next.js would answer with a redirect instead of the list.
    req.url = req.url.replace(/^([^?]*?)\/+(\?|$)/, "$1$2");
  }

  // A method the route does not export: Next.js would answer an empty 405;
  // under /api/ every error is JSON (the portal's fetch helper reads errors one way).
  if (path.startsWith("/api/")) {
    const allowed = allowedMethods(routesNow(), req.url.split("?")[0]);
    if (allowed && !allowed.includes(req.method ?? "")) {
      answerJson(
        res,
        405,
        { error: "bad_request", message: errorSentences.bad_request },
        { allow: allowed.join(", ") },
      );
      return;
    }
  }

  const context = {
    requestId,
    // Next.js drops Content-Length from a route's answer; set here, before it writes the headers, it stays.
    sendLength(bytes) {
      if (!res.headersSent && Number.isSafeInteger(bytes) && bytes >= 0) res.setHeader("content-length", String(bytes));
    },
  };
  requestContext
    .run(context, () => handle(req, res))
    .catch((error) => {
      log.error({ requestId, errorName: error?.name }, "unhandled");
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end();
      }
    });
});

// A request Node cannot parse (a URL or headers past its 16 KiB limit, broken
// framing) never reaches Next.js: Node would answer it with an empty body.
// The portal answers it like any other error, as JSON, in the default
// language (nothing of the request can be trusted to choose another).
server.on("clientError", (error, socket) => {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const code = tooLarge ? "too_large" : "bad_request";
  const body = JSON.stringify({ error: code, message: errorSentences[code] });
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
  log.warn({ status, errorCode: error.code }, "request not parsed");
});

server.listen(port, hostname, () => {
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${hostname}:${actualPort}`;
  // `next dev`'s hot reloader reaches this server at the origin `next dev`
  // itself would set; behind a TLS proxy the request's own origin is https://,
  // which this plain HTTP server cannot answer.
  if (dev) process.env.__NEXT_PRIVATE_ORIGIN ??= url;
  log.info({ url, dev }, "listening");
});

function stop() {
  server.close(() => process.exit(0));
  // Keep-alive connections would hold the close open.
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
