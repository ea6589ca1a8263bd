import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { readWithRealReader } from "./support/file-readers.js";
import { pollUntil } from "./support/poll.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, clientToken, userToken } from "./support/tokens.js";

let server: TestApp;
let alice: string;
let aliceOtherApp: string;
let bob: string;
let app: string;
let otherApp: string;
let noReports: string;

const MY_MONTHLY = 3;
const MY_SESSIONS = 2;
const USAGE_BY_USER = 5;

beforeAll(async () => {
  server = await buildTestApp({
    env: { PRINT_SERVER_FAIL_REPORTS: String(MY_SESSIONS), PRINT_SERVER_REPORT_DELAY: "3000" },
  });
  const one = await server.registerClient("users reports");
  const two = await server.registerClient("reports");
  alice = await accessToken(await userToken(server, one, "reports", { type: 2, pin: ALICE.pin }));
  aliceOtherApp = await accessToken(await userToken(server, two, "reports", { type: 2, pin: ALICE.pin }));
  bob = await accessToken(await userToken(server, one, "reports", { type: 2, pin: BOB.pin }));
  app = await accessToken(await clientToken(server, one, "reports"));
  otherApp = await accessToken(await clientToken(server, two, "reports"));
  noReports = await accessToken(await userToken(server, one, "users", { type: 2, pin: ALICE.pin }));
});

afterAll(async () => {
  await server.close();
});

const start = async (token: string, id: number, format: string) => {
  const res = await call(server, "createReportExecution", { token, json: { id, format } });
  expect(res.status, res.text).toBe(200);
  return res.json.executionId as number;
};

const download = (token: string, executionId: number) =>
  call(server, "downloadReportExecution", { token, params: { executionId } });

const finished = (token: string, executionId: number) =>
  pollUntil(async () => {
    const res = await download(token, executionId);
    return res.status === 202 ? undefined : res;
  });

describe("report list", () => {
  it("shows a user the three personal reports", async () => {
    const res = await call(server, "listReports", { token: alice });
    expect(res.status).toBe(200);
    expect(res.json.reports.map((r: { name: string }) => r.name)).toEqual([
      "My daily summary",
      "My sessions",
      "My monthly summary",
    ]);
    expect(res.json.count).toBe(3);
    expect(res.json.reports.every((r: { formats: string }) => r.formats === "pdf,csv,xml,xlsx,ods")).toBe(true);
  });

  it("shows a client the organisation's reports", async () => {
    const res = await call(server, "listReports", { token: app, tokenHeader: "Authentication" });
    const names = res.json.reports.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Usage by user", "Usage by printer", "Monthly summary"]));
    expect(names).not.toContain("My sessions");
  });

  it("needs the reports scope", async () => {
    const res = await call(server, "listReports", { token: noReports });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "insufficient_scope", scope: "reports" });
  });
});

describe("executions", () => {
  it("runs in the background: 202 while running, then 200 with the file", async () => {
    const id = await start(alice, MY_MONTHLY, "csv");
    const early = await download(alice, id);
    expect(early.status).toBe(202);
    expect(early.json).toEqual({ state: "running" });
    const done = await finished(alice, id);
    expect(done.status).toBe(200);
    expect(done.contentType).toBe("text/csv");
    expect(done.headers.get("content-disposition")).toMatch(
      /^attachment; filename="my-monthly-summary-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = done.text.trim().split("\r\n");
    expect(lines[0]).toBe("Month,Jobs,Pages,Colour pages,Mono pages,Cost,Duplex pages");
    expect(lines.length).toBeGreaterThanOrEqual(6);
    // The file is kept: a second download gives the same bytes.
    expect((await download(alice, id)).text).toBe(done.text);
  });

  it("ends a report listed in PRINT_SERVER_FAIL_REPORTS as 410", async () => {
    const id = await start(alice, MY_SESSIONS, "pdf");
    const res = await finished(alice, id);
    expect(res.status).toBe(410);
    expect(res.json.error).toBe("gone");
  });

  it("belongs to whoever started it: another user or client gets 404", async () => {
    const id = await start(alice, MY_MONTHLY, "xml");
    for (const token of [bob, app]) {
      const res = await download(token, id);
      expect(res.status).toBe(404);
      expect(res.json.error).toBe("not_found");
    }
    const orgId = await start(app, USAGE_BY_USER, "csv");
    expect((await download(otherApp, orgId)).status).toBe(404);
    expect((await download(alice, orgId)).status).toBe(404);
    // The same user through another application is still the owner.
    expect((await finished(aliceOtherApp, id)).status).toBe(200);
    expect((await finished(app, orgId)).status).toBe(200);
  });

  it("refuses unknown reports, organisation reports for users, and bad input", async () => {
    expect(
      (await call(server, "createReportExecution", { token: alice, json: { id: 99, format: "csv" } })).status,
    ).toBe(404);
    expect(
      (await call(server, "createReportExecution", { token: alice, json: { id: USAGE_BY_USER, format: "csv" } }))
        .status,
    ).toBe(404);
    for (const json of [{ id: 1, format: "docx" }, { id: "1", format: "csv" }, { id: 1 }, [], "x"]) {
      const res = await call(server, "createReportExecution", { token: alice, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.error).toBe("invalid_request");
    }
    expect((await download(alice, 987654)).status).toBe(404);
    expect((await call(server, "downloadReportExecution", { token: alice, params: { executionId: "x" } })).status).toBe(
      400,
    );
  });

  it("refuses a body over the size limit with 413", async () => {
    const res = await call(server, "createReportExecution", {
      token: alice,
      raw: JSON.stringify({ id: 1, format: "csv", padding: "x".repeat(200_000) }),
      contentType: "application/json",
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe("payload_too_large");
  });

  it("writes every format as a file its usual reader opens", async () => {
    const ids = new Map<string, number>();
    for (const format of ["pdf", "csv", "xml", "xlsx", "ods"]) ids.set(format, await start(alice, MY_MONTHLY, format));
    const month = new Date().toISOString().slice(0, 7);
    for (const [format, id] of ids) {
      const res = await finished(alice, id);
      expect(res.status, format).toBe(200);
      const text = await readWithRealReader(format, res.bytes);
      expect(text, format).toContain(month);
      expect(text, format).toMatch(/Jobs/);
    }
  }, 180_000);
});
