import { afterAll, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { pollUntil } from "./support/poll.js";
import { newDataDir, removeDataDir, runCli, startPrintServer } from "./support/print-server-process.js";
import { accessToken, clientToken, userToken } from "./support/tokens.js";

const dataDir = newDataDir();
afterAll(() => removeDataDir(dataDir));

it(
  "--scale N adds N users with twelve months on twelve printers each, 2,000 waiting jobs for user000001, and an administrator who sees organisation reports",
  { timeout: 180_000 },
  async () => {
    const server = await startPrintServer({ dataDir, args: ["serve", "--scale", "25"] });
    try {
      expect(server.logs.some((l) => l.msg === "added the scale organisation" && l.users === 25)).toBe(true);
      const client = await server.registerClient("users reports jobs");
      const manager = await accessToken(
        await userToken(server, client, "reports", { type: 3, user: "manager", pwd: "printmanager" }),
      );
      const list = await call(server, "listReports", { token: manager });
      expect(list.json.count).toBe(7);
      const user7 = await userToken(server, client, "users", { type: 2, pin: String(1_000_000 + 7) });
      expect(user7.status).toBe(200);
      // The benchmark's jobs page: user000001 has 2,000 jobs waiting.
      const first = await accessToken(await userToken(server, client, "jobs", { type: 2, pin: String(1_000_000 + 1) }));
      const waiting = await call(server, "listJobs", { token: first, query: { limit: "50" } });
      expect(waiting.json.count).toBe(2000);
      expect(waiting.json.jobs).toHaveLength(50);
      const app = await accessToken(await clientToken(server, client, "reports"));
      const { executionId } = (
        await call(server, "createReportExecution", { token: app, json: { id: 4, format: "csv" } })
      ).json;
      const done = await pollUntil(async () => {
        const res = await call(server, "downloadReportExecution", { token: app, params: { executionId } });
        return res.status === 202 ? undefined : res;
      });
      expect(done.status).toBe(200);
      const rows = done.text.trim().split("\r\n").slice(1);
      expect(rows.filter((r: string) => r.includes(",user0000")).length).toBe(25 * 12 * 12);
    } finally {
      await server.stop();
    }
    const other = await runCli(["serve", "--scale", "26"], { PRINT_SERVER_DATA: dataDir, PRINT_SERVER_PORT: "0" });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("already holds scale 25");
  },
);
