import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { pollUntil } from "./support/poll.js";
import type { ApiTarget } from "./support/api-target.js";
import { newDataDir, removeDataDir, startPrintServer } from "./support/print-server-process.js";
import { buildTestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, userToken } from "./support/tokens.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDataDir));

async function aliceToken(server: ApiTarget): Promise<string> {
  const client = await server.registerClient("reports");
  return accessToken(await userToken(server, client, "reports", { type: 2, pin: ALICE.pin }));
}

async function startExecution(server: ApiTarget, token: string): Promise<number> {
  const res = await call(server, "createReportExecution", { token, json: { id: 1, format: "csv" } });
  expect(res.status).toBe(200);
  return res.json.executionId as number;
}

describe("report files over time", () => {
  it("purges files after PRINT_SERVER_REPORT_RETENTION and then answers 410", { timeout: 180_000 }, async () => {
    // Long enough that a loaded machine still downloads the file once before it is purged.
    const server = await buildTestApp({ env: { PRINT_SERVER_REPORT_RETENTION: "5" } });
    try {
      const token = await aliceToken(server);
      const id = await startExecution(server, token);
      const done = await pollUntil(async () => {
        const res = await call(server, "downloadReportExecution", { token, params: { executionId: id } });
        return res.status === 202 ? undefined : res;
      });
      expect(done.status).toBe(200);
      const file = path.join(server.dataDir, "reports", `execution-${id}.csv`);
      expect(existsSync(file)).toBe(true);
      const gone = await pollUntil(async () => {
        const res = await call(server, "downloadReportExecution", { token, params: { executionId: id } });
        return res.status === 200 ? undefined : res;
      }, 250);
      expect(gone.status).toBe(410);
      await sleep(100);
      expect(existsSync(file)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it(
    "keeps at most PRINT_SERVER_REPORT_FILES_PER_OWNER finished files per owner: a loop cannot fill the disk",
    { timeout: 180_000 },
    async () => {
      const server = await buildTestApp({ env: { PRINT_SERVER_REPORT_FILES_PER_OWNER: "3" } });
      try {
        const client = await server.registerClient("reports");
        const alice = await accessToken(await userToken(server, client, "reports", { type: 2, pin: ALICE.pin }));
        const bob = await accessToken(await userToken(server, client, "reports", { type: 2, pin: BOB.pin }));
        const finished = async (token: string, id: number) =>
          pollUntil(async () => {
            const res = await call(server, "downloadReportExecution", { token, params: { executionId: id } });
            return res.status === 202 ? undefined : res.status;
          });
        const bobs = await startExecution(server, bob);
        expect(await finished(bob, bobs)).toBe(200);
        const ids: number[] = [];
        for (let i = 0; i < 6; i += 1) {
          const id = await startExecution(server, alice);
          expect(await finished(alice, id)).toBe(200);
          ids.push(id);
        }
        const statuses = [];
        for (const id of ids) {
          const res = await call(server, "downloadReportExecution", { token: alice, params: { executionId: id } });
          statuses.push(res.status);
        }
        // The three oldest were retired (gone, 410) as newer ones started; files gone too.
        expect(statuses).toEqual([410, 410, 410, 200, 200, 200]);
        const files = ids.map((id) => existsSync(path.join(server.dataDir, "reports", `execution-${id}.csv`)));
        expect(files).toEqual([false, false, false, true, true, true]);
        // Someone else's files are not touched.
        expect(
          (await call(server, "downloadReportExecution", { token: bob, params: { executionId: bobs } })).status,
        ).toBe(200);
      } finally {
        await server.close();
      }
    },
  );

  it(
    "lets one owner have at most 10 unfinished executions (429 with Retry-After), without limiting anyone else",
    { timeout: 180_000 },
    async () => {
      const server = await buildTestApp({ env: { PRINT_SERVER_REPORT_DELAY: "600000" } });
      try {
        const client = await server.registerClient("reports");
        const alice = await accessToken(await userToken(server, client, "reports", { type: 2, pin: ALICE.pin }));
        const bob = await accessToken(await userToken(server, client, "reports", { type: 2, pin: BOB.pin }));
        for (let i = 0; i < 10; i++) await startExecution(server, alice);
        const refused = await call(server, "createReportExecution", { token: alice, json: { id: 1, format: "csv" } });
        expect(refused.status).toBe(429);
        expect(refused.json.error).toBe("too_many_requests");
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await startExecution(server, bob)).toBeGreaterThan(0);
      } finally {
        await server.close();
      }
    },
  );

  it(
    "ends an execution that was running when the server died as failed (410) after restart",
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      dirs.push(dataDir);
      const first = await startPrintServer({ dataDir, env: { PRINT_SERVER_REPORT_DELAY: "600000" } });
      const token = await aliceToken(first);
      const id = await startExecution(first, token);
      expect((await call(first, "downloadReportExecution", { token, params: { executionId: id } })).status).toBe(202);
      await first.stop("SIGKILL");

      const second = await startPrintServer({ dataDir });
      try {
        // The token survives the restart: the signing key is kept in the data folder.
        const res = await call(second, "downloadReportExecution", { token, params: { executionId: id } });
        expect(res.status).toBe(410);
        expect(existsSync(path.join(dataDir, "reports", `execution-${id}.csv.part`))).toBe(false);
      } finally {
        await second.stop();
      }
    },
  );

  it(
    "on SIGTERM lets a running execution end, exits 0 and closes the database cleanly",
    { timeout: 180_000 },
    async () => {
      const dataDir = newDataDir();
      dirs.push(dataDir);
      const server = await startPrintServer({ dataDir, env: { PRINT_SERVER_REPORT_DELAY: "600000" } });
      const token = await aliceToken(server);
      const id = await startExecution(server, token);
      expect(await server.stop("SIGTERM")).toBe(0);
      expect(server.logs.some((l) => l.msg === "stopped")).toBe(true);
      // A clean close checkpoints the write-ahead log and removes it.
      expect(existsSync(path.join(dataDir, "print-server.db-wal"))).toBe(false);
      const again = await startPrintServer({ dataDir });
      try {
        expect((await call(again, "downloadReportExecution", { token, params: { executionId: id } })).status).toBe(410);
      } finally {
        await again.stop();
      }
    },
  );
});
