import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { createPrintServerApi } from "./api-client";
import { getStatement, getWholeStatement, toStatementLine } from "./statement";

const origin = "https://print.test:8090";
let agent: MockAgent;
beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});
const api = () => createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });

const print = {
  id: 7,
  dateTime: "2026-11-20T09:14:05+01:00",
  type: "print",
  amount: -1.68,
  balance: 25.5,
  description: "Quarterly report.pdf",
  jobId: 12,
};

describe("the statement mapping", () => {
  it("keeps what the page shows: UTC time, type, what happened, signed amount, balance after", () => {
    expect(toStatementLine(print as Parameters<typeof toStatementLine>[0])).toEqual({
      id: 7,
      at: "2026-11-20T08:14:05.000Z",
      type: "print",
      what: "Quarterly report.pdf",
      amount: -1.68,
      balance: 25.5,
      provider: null,
    });
    const voucher = {
      ...print,
      id: 8,
      type: "recharge",
      amount: 10,
      provider: "voucher",
      description: "Voucher VOUCHER-10",
    };
    expect(toStatementLine(voucher as Parameters<typeof toStatementLine>[0])).toMatchObject({
      what: "Voucher VOUCHER-10",
      provider: "voucher",
    });
  });

  it("asks for the period, the type and the page, with the person's token", async () => {
    let asked = "";
    agent
      .get(origin)
      .intercept({ path: (path) => path.startsWith("/api/v3/users/3/activity"), method: "GET" })
      .reply(200, (options) => {
        asked = String(options.path);
        return { activity: [print], count: 41 };
      });
    const page = await getStatement(
      "user-token",
      3,
      { from: "2026-10-21T00:00:00.000Z", types: ["print"], start: 25, limit: 25 },
      api(),
    );
    expect(page?.count).toBe(41);
    expect(page?.lines[0]?.what).toBe("Quarterly report.pdf");
    const query = new URL(asked, origin).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      from: "2026-10-21T00:00:00.000Z",
      type: "print",
      start: "25",
      limit: "25",
    });
  });

  it("reads every page of a long statement, and stops at the cap", async () => {
    const lines = (start: number, n: number) => Array.from({ length: n }, (_, i) => ({ ...print, id: start + i }));
    agent
      .get(origin)
      .intercept({ path: (path) => path.startsWith("/api/v3/users/3/activity"), method: "GET" })
      .reply(200, (options) => {
        const start = Number(new URL(String(options.path), origin).searchParams.get("start"));
        const limit = Number(new URL(String(options.path), origin).searchParams.get("limit"));
        return { activity: lines(start, Math.min(limit, 1500 - start)), count: 1500 };
      })
      .times(4);
    const whole = await getWholeStatement("user-token", 3, {}, 5000, api());
    expect(whole).toMatchObject({ complete: true });
    expect(whole?.lines).toHaveLength(1500);
    const capped = await getWholeStatement("user-token", 3, {}, 1200, api());
    expect(capped?.complete).toBe(false);
    expect(capped?.lines).toHaveLength(1200);
  });

  it("answers null when the server has no statement (404, as a real MyQ X)", async () => {
    agent
      .get(origin)
      .intercept({ path: (path) => path.startsWith("/api/v3/users/3/activity"), method: "GET" })
      .reply(404, { code: 404, message: "Not found.", data: [] });
    await expect(getStatement("user-token", 3, {}, api())).resolves.toBeNull();
  });

  it("refuses an answer that is not a statement", async () => {
    agent
      .get(origin)
      .intercept({ path: (path) => path.startsWith("/api/v3/users/3/activity"), method: "GET" })
      .reply(200, { lines: [] });
    await expect(getStatement("user-token", 3, {}, api())).rejects.toMatchObject({ code: "upstream_malformed" });
  });
});
