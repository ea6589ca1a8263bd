import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { pollUntil } from "./support/poll.js";
import { removeDataDir, startPrintServer } from "./support/print-server-process.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDataDir));

it("on SIGTERM finishes a request in flight, exits 0 and leaves a sound database", { timeout: 180_000 }, async () => {
  // Debug level logs "request received" as soon as a request's headers arrive.
  const server = await startPrintServer({ env: { PRINT_SERVER_LOG_LEVEL: "debug" } });
  dirs.push(server.dataDir);
  const client = await server.registerClient("reports");
  const encoder = new TextEncoder();
  let push!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
  const pending = server.fetch("/api/auth/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  });
  push.enqueue(encoder.encode('{"grant_type":"client_credentials",'));
  // Waits on the server's own log lines, not on the clock: the request has arrived, then the server is stopping.
  await pollUntil(
    async () => server.logs.find((l) => l.msg === "request received" && l.route === "/api/auth/token"),
    50,
  );
  const stopped = server.stop("SIGTERM");
  await pollUntil(async () => server.logs.find((l) => l.msg === "stopping"), 50);
  push.enqueue(
    encoder.encode(
      JSON.stringify({ scope: "reports", client_id: client.clientId, client_secret: client.clientSecret }).slice(1),
    ),
  );
  push.close();
  const res = await pending;
  expect(res.status).toBe(200);
  expect(((await res.json()) as { token_type: string }).token_type).toBe("Bearer");
  expect(await stopped).toBe(0);
  expect(server.logs.some((l) => l.msg === "stopped")).toBe(true);
  const db = new Database(path.join(server.dataDir, "print-server.db"), { readonly: true });
  expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  db.close();
});
