#!/usr/bin/env node
// The portal's HTTP server: Next.js behind a thin Node server that does what
// `next start` cannot, or does slowly. It records the socket's peer address in
// a header the app trusts (Next.js exposes no socket address, and only fills
// X-Forwarded-For when a client did not send one), it writes one JSON log
// line per request with a request id, and it serves the build's static files
// compressed once instead of on every request (lib/precompressed-static.mjs).
//
// Usage: node scripts/portal-server.mjs [--dev]   (PORT, default 3000; HOSTNAME)

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, STATUS_CODES } from "node:http";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import next from "next";
import { precompressedStatic } from "./lib/precompressed-static.mjs";
import { securityHeaders } from "./lib/security-headers.mjs";

const peerAddressHeader = "x-portal-peer-address";
// Tells lib/auth/client-address.ts (same process) that this server writes the
// peer header, so its value can be believed.
globalThis.__portalServerWritesPeerAddress = true;
// Lets lib/log.ts stamp every line written while serving a request with its id.
const requestContext = new AsyncLocalStorage();
globalThis.__portalRequestContext = requestContext;
const requestIdPattern = /^[A-Za-z0-9._-]{8,128}$/;
// Served over HTTPS (through the TLS proxy that PORTAL_URL names): browsers
// are told to come back only over HTTPS, on every answer, static files too.
// Not includeSubDomains: other intranet hosts under the same domain may still
// be plain HTTP, and that is not the portal's to decide.
const strictTransportSecurity = process.env.PORTAL_URL?.trim().startsWith("https://") ? "max-age=31536000" : undefined;

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "localhost";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (got ${JSON.stringify(process.env.PORT)})`);
  process.exit(1);
}

const dir = fileURLToPath(new URL("..", import.meta.url));
const app = next({ dev, dir, hostname, port });
const handle = app.getRequestHandler();
// The build's static files, compressed once (precompressed-static.mjs); `next dev` serves its own.
const serveStatic = dev
  ? undefined
  : precompressedStatic({ staticDir: join(dir, ".next", "static"), headers: securityHeaders });

// Next.js reports its own troubles with console.error and console.warn,
// stack traces included (a request naming an unknown server action, a body
// over the cap, a page that threw). No log line may carry a stack trace, and
// every line is JSON: our own lines (lib/log.ts) pass as written, anything
// else becomes one line with what was said, its lines joined and its stack
// frames left out (a configuration error lists every problem on lines of its
// own). `next dev` keeps the full text, for whoever develops on their own machine.
function withoutStack(value) {
  const text = value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^at\s/.test(line))
    .join(" ");
}
if (!dev) {
  for (const level of ["error", "warn"]) {
    const write = console[level].bind(console);
    console[level] = (...args) => {
      if (args.length === 1 && typeof args[0] === "string" && args[0].startsWith("{")) return write(args[0]);
      const digest = args.find((arg) => typeof arg?.digest === "string")?.digest;
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          level,
          msg: "next.js",
          requestId: requestContext.getStore()?.requestId,
          detail: args.map(withoutStack).filter(Boolean).join(" ").slice(0, 2000),
          ...(digest ? { digest } : {}),
        }),
      );
    };
  }
}

/** The error sentences of the default language, for the answers this file writes itself. */
const errorSentences = JSON.parse(readFileSync(new URL("../messages/en.json", import.meta.url), "utf8")).errors;

function logLine(fields) {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", ...fields }));
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
  res.on("finish", () => {
    const path = (req.url ?? "/").split("?")[0];
    // Static assets would drown the log; everything else is one line.
    if (path.startsWith("/_next/static/")) return;
    logLine({
      msg: "request",
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
    });
  });
  if (req.url?.startsWith("/api/")) {
    answerEmpty405AsJson(res);
    sendKnownLength(res);
  }
  // MyQ names a person's root folder with a trailing slash (/folders/{username}/),
  // which Next.js would answer with a redirect instead of the list.
  if (req.url?.startsWith("/api/external-storage/")) req.url = req.url.replace(/^([^?]*?)\/+(\?|$)/, "$1$2");
  requestContext
    .run({ requestId }, async () => {
      if (!(await serveStatic?.(req, res))) await handle(req, res);
    })
    .catch((error) => {
      console.error(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "error",
          msg: "unhandled",
          requestId,
          errorName: error?.name,
        }),
      );
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end();
      }
    });
});

// A method a route handler does not export gets Next.js's own 405 with an
// empty body; under /api/ every error is JSON (the portal's fetch helper and
// other clients read errors one way), so that answer gets a body here.
function answerEmpty405AsJson(res) {
  const body = JSON.stringify({ error: "bad_request", message: errorSentences.bad_request });
  let wroteBody = false;
  let json = false;
  const { writeHead, write, end } = res;
  const makeJson = (headers) => {
    json = true;
    for (const name of Object.keys(headers ?? {})) if (/^content-(length|type)$/i.test(name)) delete headers[name];
    res.removeHeader("content-length");
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.setHeader("cache-control", "no-store");
  };
  res.writeHead = function (status, ...rest) {
    const headers = rest.find((arg) => arg && typeof arg === "object" && !Array.isArray(arg));
    if (status === 405 && !wroteBody) makeJson(headers);
    return writeHead.call(this, status, ...rest);
  };
  res.write = function (chunk, ...rest) {
    if (chunk != null && chunk.length > 0) wroteBody = true;
    return write.call(this, chunk, ...rest);
  };
  res.end = function (chunk, ...rest) {
    const empty = chunk == null || typeof chunk === "function" || chunk.length === 0;
    if (empty && !wroteBody && res.statusCode === 405 && !json && !res.headersSent) makeJson();
    if (empty && !wroteBody && json) return end.call(this, body, ...(typeof chunk === "function" ? [chunk] : rest));
    return end.call(this, chunk, ...rest);
  };
}

// Next.js drops Content-Length from a route's answer and sends the body
// chunked. A route that knows its body's exact length (a report download,
// lib/reports/download-headers.ts) names it in this header, and it leaves
// as Content-Length: the browser shows the file's size and the time left, and
// a download cut short is one the browser can tell is short.
const knownLengthHeader = "x-portal-content-length";
function sendKnownLength(res) {
  const { writeHead } = res;
  res.writeHead = function (status, ...rest) {
    const length = res.getHeader(knownLengthHeader);
    if (length !== undefined) {
      res.removeHeader(knownLengthHeader);
      if (/^\d+$/.test(String(length)) && !res.hasHeader("content-encoding")) res.setHeader("content-length", length);
    }
    return writeHead.call(this, status, ...rest);
  };
}

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
  logLine({ level: "warn", msg: "request not parsed", status, errorCode: error.code });
});

server.listen(port, hostname, () => {
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${hostname}:${actualPort}`;
  // Where Next.js reaches this server itself, as its own `next start` sets
  // it: `next dev`'s hot reloader reads it, and so would a server action that
  // redirects (the portal has none, lib/boundaries.test.ts), which would
  // otherwise fetch the next page at the origin the request names: https://
  // behind a TLS proxy, which this plain HTTP server cannot answer.
  process.env.__NEXT_PRIVATE_ORIGIN ??= url;
  logLine({ msg: "listening", url, dev });
});

function stop() {
  server.close(() => process.exit(0));
  // Keep-alive connections would hold the close open.
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
