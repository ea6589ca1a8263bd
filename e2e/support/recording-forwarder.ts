import { appendFileSync } from "node:fs";
import { createServer, request } from "node:https";
import type { AddressInfo } from "node:net";

// An HTTPS forwarder between the test portal and the print server. It serves
// the print server's own certificate (so the portal trusts it through the same
// CA) and records every token the token endpoint hands out, so the leak test
// can search the browser's traffic for the real values. Test-only.

interface ForwarderOptions {
  target: string;
  caPem: string;
  certPem: string;
  keyPem: string;
  recordFile: string;
  /** Where each request's method and path (no query) are appended, one a line, to count what reached the print server. */
  requestsFile?: string;
}

function record(file: string, body: Buffer): void {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { access_token?: unknown; refresh_token?: unknown };
    for (const value of [parsed.access_token, parsed.refresh_token]) {
      if (typeof value === "string" && value) appendFileSync(file, `${JSON.stringify(value)}\n`, { mode: 0o600 });
    }
  } catch {
    // Not a token answer.
  }
}

export async function startRecordingForwarder(
  options: ForwarderOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(options.target);
  const server = createServer({ cert: options.certPem, key: options.keyPem }, (incoming, outgoing) => {
    if (options.requestsFile)
      appendFileSync(options.requestsFile, `${incoming.method} ${(incoming.url ?? "").split("?")[0]}\n`);
    const upstream = request(
      {
        protocol: "https:",
        hostname: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
        ca: options.caPem,
        // A fresh connection per request: reusing a kept-alive one races with
        // the print server closing it, and the portal would see a rare 502.
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          if (incoming.url?.startsWith("/api/auth/token")) record(options.recordFile, body);
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          outgoing.end(body);
        });
      },
    );
    upstream.on("error", () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
