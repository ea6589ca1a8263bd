import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { Readable } from "node:stream";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrintServerApi, freshIdleMs } from "./api-client";
import { isPrintServerUp } from "./server-status";
import { signInUser } from "./token-endpoint";

// A real HTTPS server with a CA made for this test (openssl): the client must
// trust exactly the CA it is given, and never connect to an unknown one.

let dir: string;
let caPem: string;
let server: Server;
let baseUrl: string;
/** Per path: the connections (by client port) requests came on, and how many came. */
const seen = new Map<string, number[]>();

function openssl(args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portal-client-test-"));
  openssl([
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.crt",
    "-days",
    "1",
    "-subj",
    "/CN=Test CA",
  ]);
  openssl([
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    "/CN=127.0.0.1",
  ]);
  writeFileSync(join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1\n");
  openssl([
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.crt",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.crt",
    "-days",
    "1",
    "-extfile",
    "san.ext",
  ]);
  caPem = readFileSync(join(dir, "ca.crt"), "utf8");
  server = createServer(
    { key: readFileSync(join(dir, "server.key")), cert: readFileSync(join(dir, "server.crt")) },
    (req, res) => {
      const path = req.url ?? "";
      seen.set(path, [...(seen.get(path) ?? []), req.socket.remotePort ?? 0]);
      if (path.startsWith("/api/v3/dropped-once") && seen.get(path)?.length === 1) {
        // The connection closes under the first request, as a kept-alive one
        // the server closed at the same moment would.
        req.socket.destroy();
      } else if (path.startsWith("/api/v3/dropped") && req.method === "POST") {
        req.socket.destroy();
      } else if (path === "/api/v3/large-file") {
        // A ready report file: far more than anyone reading only its status should pull.
        res.writeHead(200, { "content-type": "text/csv" });
        const chunk = Buffer.alloc(64 * 1024, "a");
        let sent = 0;
        const more = () => {
          while (sent < 64 * 1024 * 1024 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          res.end();
        };
        res.on("close", () => seen.set("/api/v3/large-file:sent", [sent]));
        more();
      } else if (path === "/api/v3/slow-file") {
        // Ten pieces 100 ms apart: longer in all than the client's time limit, never a pause as long.
        res.writeHead(200, { "content-type": "text/csv" });
        let sent = 0;
        const timer = setInterval(() => {
          res.write("row\n");
          if (++sent === 10) {
            clearInterval(timer);
            res.end();
          }
        }, 100);
      } else if (path === "/api/v3/moved") {
        res.writeHead(302, { location: "/api/v3/moved-here" }).end();
      } else if (path.startsWith("/api/v3/")) {
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      } else if (req.url === "/api/server/status") {
        res.writeHead(200, { "content-type": "application/json" }).end("1");
      } else if (req.url === "/api/auth/token") {
        // Never answers: the client's timeout must end the wait.
      } else {
        res.writeHead(404).end();
      }
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("createPrintServerApi over real TLS", () => {
  it("trusts the server through the given CA file", async () => {
    expect(await isPrintServerUp(createPrintServerApi({ baseUrl, caPem, timeoutMs: 2000 }))).toBe(true);
  });

  it("refuses a server whose CA it was not given", async () => {
    const api = createPrintServerApi({ baseUrl, timeoutMs: 2000 });
    expect(await isPrintServerUp(api)).toBe(false);
    await expect(
      signInUser({ method: "pin", pin: "1" }, undefined, { api, clientId: "c", clientSecret: "s", scopes: "users" }),
    ).rejects.toMatchObject({
      code: "unreachable",
    });
  });

  it("gives up on a server that does not answer", async () => {
    const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 300 });
    await expect(
      signInUser({ method: "pin", pin: "1" }, undefined, { api, clientId: "c", clientSecret: "s", scopes: "users" }),
    ).rejects.toMatchObject({
      code: "unreachable",
    });
  });

  // Generous limits: new TLS connections are slow on a busy machine, and no limit is tested here.
  it("sends a read once more, on a new connection, when its connection was closed under it", async () => {
    const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 15_000 });
    const answer = await api.GET("/v3/dropped-once" as never);
    expect(answer.response.status).toBe(200);
    expect(seen.get("/api/v3/dropped-once")).toHaveLength(2);
  }, 40_000);

  it("limits the wait for an answer, not how long its body takes", async () => {
    const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 500 });
    const answer = await api.GET("/v3/slow-file" as never, { parseAs: "text" } as never);
    expect(answer.data).toBe("row\n".repeat(10));
  }, 40_000);

  it("follows no redirect: a bearer token stays with the server it was meant for", async () => {
    const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 15_000 });
    const answer = await api.GET("/v3/moved" as never);
    expect(answer.response.status).toBe(302);
    expect(seen.get("/api/v3/moved-here")).toBeUndefined();
  }, 40_000);

  it("reads only the status of an answer whose body is cancelled (a ready report file)", async () => {
    const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 15_000 });
    const answer = await api.GET("/v3/large-file" as never, { parseAs: "stream" } as never);
    expect(answer.response.status).toBe(200);
    expect(answer.response.bodyUsed).toBe(false);
    await answer.response.body?.cancel();
    await expect
      .poll(() => seen.get("/api/v3/large-file:sent")?.[0], { timeout: 15_000 })
      .toBeLessThan(16 * 1024 * 1024);
    // The client carries on.
    expect((await api.GET("/v3/after-large" as never)).response.status).toBe(200);
  }, 40_000);

  it("sends changes on briefly kept-alive connections, never the reads' ones, and never repeats one", async () => {
    const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 15_000 });
    const paths = ["/v3/change-a", "/v3/change-b", "/v3/change-c", "/v3/change-d"];
    await api.GET("/v3/read" as never);
    for (const path of paths) await api.POST(path as never);
    const readPort = seen.get("/api/v3/read")?.[0];
    const changePorts = paths.map((path) => seen.get(`/api${path}`)?.[0]);
    expect(changePorts).not.toContain(readPort);
    // Later changes found earlier ones' connections open: fewer TLS handshakes than calls.
    expect(new Set(changePorts).size).toBeLessThan(paths.length);

    // Idle longer than freshIdleMs: the next change gets a new connection.
    await new Promise((resolve) => setTimeout(resolve, freshIdleMs + 500));
    await api.POST("/v3/change-later" as never);
    expect(changePorts).not.toContain(seen.get("/api/v3/change-later")?.[0]);

    await expect(api.POST("/v3/dropped" as never)).rejects.toThrow();
    expect(seen.get("/api/v3/dropped")).toHaveLength(1);
  }, 40_000);

  describe("openFile", () => {
    it("opens a file on a trusted connection, once more on a new one when its connection was closed under it", async () => {
      const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 15_000 });
      const file = await api.openFile("/v3/dropped-once-file", { headers: { authorization: "Bearer t" } });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/json");
      expect(await file.body.text()).toBe("{}");
      expect(seen.get("/api/v3/dropped-once-file")).toHaveLength(2);
    }, 40_000);

    it("refuses a server whose CA it was not given", async () => {
      const api = createPrintServerApi({ baseUrl, timeoutMs: 2000 });
      await expect(api.openFile("/v3/large-file", { headers: {} })).rejects.toThrow();
    });

    it("limits the wait for the answer, not how long its body takes", async () => {
      const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 500 });
      await expect(api.openFile("/auth/token", { headers: {} })).rejects.toMatchObject({ name: "TimeoutError" });
      const file = await api.openFile("/v3/slow-file", { headers: {} });
      expect(await file.body.text()).toBe("row\n".repeat(10));
    }, 40_000);

    it("ends the upstream request when the file's stream is cancelled", async () => {
      const api = createPrintServerApi({ baseUrl, caPem, timeoutMs: 15_000 });
      seen.delete("/api/v3/large-file:sent");
      const file = await api.openFile("/v3/large-file", { headers: {} });
      await Readable.toWeb(file.body).cancel();
      await expect
        .poll(() => seen.get("/api/v3/large-file:sent")?.[0], { timeout: 15_000 })
        .toBeLessThan(16 * 1024 * 1024);
    }, 40_000);
  });
});
