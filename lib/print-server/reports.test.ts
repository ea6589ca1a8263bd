import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { text } from "node:stream/consumers";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { errors, MockAgent } from "undici";
import { PortalError } from "@/lib/browser-safe/errors";
import { createPrintServerApi } from "./api-client";
import { listReports, openDownload, probeExecution, startExecution } from "./reports";

const origin = "https://print.test:8090";
const token = "user-token";
let agent: MockAgent;

const api = () => createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });
const downloadPath = (id: number) => `/api/v3/reports/executions/${id}/download`;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

describe("listReports", () => {
  it("reads the formats string and leaves out reports the portal cannot run", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/reports", method: "GET", headers: { authorization: `Bearer ${token}` } })
      .reply(200, {
        reports: [
          { id: 3, name: "My monthly summary", formats: "pdf,csv,xml,xlsx,ods" },
          { id: 9, name: "Odd one", formats: "html" },
        ],
        count: 2,
      });
    expect(await listReports(token, api())).toEqual([
      { id: 3, name: "My monthly summary", formats: ["pdf", "xlsx", "ods", "csv", "xml"] },
    ]);
  });

  it("answers null when the server does not offer reports (404, in MyQ's error shape too)", async () => {
    agent.get(origin).intercept({ path: "/api/v3/reports" }).reply(404, { code: 404, message: "Not found.", data: [] });
    expect(await listReports(token, api())).toBeNull();
  });

  it("refuses an answer that does not match the contract", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/reports" })
      .reply(200, { reports: [{ id: "3" }] });
    await expect(listReports(token, api())).rejects.toMatchObject({ code: "upstream_malformed" });
  });
});

describe("startExecution", () => {
  it("sends the report id and format and answers the handle", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/reports/executions", method: "POST", body: JSON.stringify({ id: 3, format: "csv" }) })
      .reply(200, { executionId: 41 });
    expect(await startExecution(token, 3, "csv", api())).toBe(41);
  });

  it("turns a revoked token into an ended session", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/reports/executions", method: "POST" })
      .reply(401, { error: "invalid_token" });
    const error = await startExecution(token, 3, "csv", api()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect((error as PortalError).code).toBe("session_ended");
  });
});

describe("probeExecution", () => {
  it.each([
    [202, { state: "running" }, "running"],
    [410, { error: "gone", error_description: "The report could not be created." }, "gone"],
    [404, { error: "not_found", error_description: "The execution was not found." }, "unknown"],
  ] as const)("reads %i as %s", async (code, body, status) => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(5) })
      .reply(code, body);
    expect(await probeExecution(token, 5, api())).toBe(status);
  });

  it("says ready for a file without reading it", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(5) })
      .reply(200, Buffer.alloc(4 * 1024 * 1024, 65), {
        headers: { "content-type": "application/pdf", "content-length": String(4 * 1024 * 1024) },
      });
    expect(await probeExecution(token, 5, api())).toBe("ready");
  });

  it("maps other answers to the portal's errors", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(5) })
      .reply(503, "busy");
    await expect(probeExecution(token, 5, api())).rejects.toMatchObject({ code: "unreachable" });
  });
});

describe("openDownload", () => {
  it("opens the file as a stream, asking for identity encoding", async () => {
    agent
      .get(origin)
      .intercept({
        path: downloadPath(6),
        headers: { "accept-encoding": "identity", authorization: `Bearer ${token}` },
      })
      .reply(200, "Month,Jobs\n2026-11,3\n", { headers: { "content-type": "text/csv" } });
    const opened = await openDownload(token, 6, {}, api());
    expect(opened.status).toBe("ready");
    if (opened.status !== "ready") return;
    expect(opened.headers.get("content-type")).toBe("text/csv");
    expect(await text(opened.body)).toBe("Month,Jobs\n2026-11,3\n");
  });

  it("decodes a body the server encoded anyway, and drops its encoding and length", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(11) })
      .reply(200, gzipSync("Month,Jobs\n2026-11,3\n"), {
        headers: { "content-type": "text/csv", "content-encoding": "gzip", "content-length": "41" },
      });
    const opened = await openDownload(token, 11, {}, api());
    if (opened.status !== "ready") throw new Error(`answered ${opened.status}`);
    expect(opened.headers.get("content-encoding")).toBeNull();
    expect(opened.headers.get("content-length")).toBeNull();
    expect(await text(opened.body)).toBe("Month,Jobs\n2026-11,3\n");
  });

  it("undoes several codings, the last applied first", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(14) })
      .reply(200, brotliCompressSync(gzipSync("Month,Jobs\n2026-11,3\n")), {
        headers: { "content-type": "text/csv", "content-encoding": "gzip, br" },
      });
    const opened = await openDownload(token, 14, {}, api());
    if (opened.status !== "ready") throw new Error(`answered ${opened.status}`);
    expect(opened.headers.get("content-encoding")).toBeNull();
    expect(await text(opened.body)).toBe("Month,Jobs\n2026-11,3\n");
  });

  it("ends the browser's stream with an error when the encoded body is broken", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(15) })
      .reply(200, "not gzip at all", { headers: { "content-encoding": "gzip" } });
    const opened = await openDownload(token, 15, {}, api());
    if (opened.status !== "ready") throw new Error(`answered ${opened.status}`);
    await expect(text(opened.body)).rejects.toThrow();
  });

  it("refuses a body in an encoding it cannot decode", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(12) })
      .reply(200, "?", { headers: { "content-encoding": "compress" } });
    await expect(openDownload(token, 12, {}, api())).rejects.toMatchObject({
      code: "upstream_malformed",
    });
  });

  it("maps an error answer by its status and body", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(13) })
      .reply(401, { error: "invalid_token" }, { headers: { "content-type": "application/json" } });
    await expect(openDownload(token, 13, {}, api())).rejects.toMatchObject({
      code: "session_ended",
    });
  });

  it("answers running and gone without a body", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(7) })
      .reply(202, { state: "running" });
    agent
      .get(origin)
      .intercept({ path: downloadPath(8) })
      .reply(410, { error: "gone" });
    expect(await openDownload(token, 7, {}, api())).toEqual({ status: "running" });
    expect(await openDownload(token, 8, {}, api())).toEqual({ status: "gone" });
  });

  it("gives up when the browser has gone away", async () => {
    agent
      .get(origin)
      .intercept({ path: downloadPath(9) })
      .reply(200, "x")
      .delay(500);
    const controller = new AbortController();
    const pending = openDownload(token, 9, { signal: controller.signal }, api());
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: "unreachable" });
  });

  it("opens it once more, on a new connection, when the first was closed under the request", async () => {
    const pool = agent.get(origin);
    pool.intercept({ path: downloadPath(10) }).replyWithError(new errors.SocketError("other side closed"));
    pool.intercept({ path: downloadPath(10) }).reply(200, "x");
    const opened = await openDownload(token, 10, {}, api());
    expect(opened.status).toBe("ready");
  });
});
