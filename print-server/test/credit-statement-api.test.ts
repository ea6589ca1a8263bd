import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_DAYS } from "../src/db/seed-demo-credit.js";
import { call } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, clientToken, userToken } from "./support/tokens.js";

let server: TestApp;
let client: string;
let alice: string;

interface Line {
  id: number;
  dateTime: string;
  type: "print" | "recharge" | "refund" | "adjustment";
  amount: number;
  balance: number;
  provider?: string;
  description: string;
  jobId?: number;
}

beforeAll(async () => {
  server = await buildTestApp();
  const app = await server.registerClient("users credit");
  client = await accessToken(await clientToken(server, app, "credit"));
  alice = await accessToken(await userToken(server, app, "credit", { type: 2, pin: ALICE.pin }));
});

afterAll(async () => {
  await server.close();
});

const cents = (amount: number) => Math.round(amount * 100);
const DAY_MS = 86_400_000;

async function statement(query: Record<string, string> = {}, token = alice, id: number = ALICE.id) {
  const res = await call(server, "getUserActivity", { token, params: { id }, query });
  expect(res.status, res.text).toBe(200);
  return res.json as { activity: Line[]; count: number };
}

/** The balance endpoint's answer for the user's credit account (found by type, whatever its reference). */
async function creditBalance(id: number = ALICE.id): Promise<number> {
  const accounts = await call(server, "getUserAccounts", { token: client, params: { id } });
  const { reference } = (accounts.json.accounts as Array<{ type: string; reference: string }>).find(
    (a) => a.type === "credit",
  )!;
  const res = await call(server, "getAccountBalance", { token: client, params: { id, reference } });
  return res.json.amount as number;
}

/** Each line's balance is the one after it minus its amount (newest first), in whole cents. */
function expectRunningBalance(lines: Line[]): void {
  for (let i = 0; i + 1 < lines.length; i++) {
    expect(cents(lines[i]!.balance) - cents(lines[i]!.amount), `line ${lines[i]!.id}`).toBe(
      cents(lines[i + 1]!.balance),
    );
  }
}

describe("GET /v3/users/{id}/activity", () => {
  it("lists alice's last 90 days newest first: prints by job name, recharges, a refund, an adjustment", async () => {
    const { activity, count } = await statement({ limit: "1000" });
    expect(activity).toHaveLength(count);
    const times = activity.map((l) => Date.parse(l.dateTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const oldest = activity.at(-1)!;
    expect(oldest).toMatchObject({ type: "adjustment", description: "Balance brought forward" });
    expect(Math.round((Date.now() - Date.parse(oldest.dateTime)) / DAY_MS)).toBe(STATEMENT_DAYS);
    expect(new Set(activity.map((l) => l.type))).toEqual(new Set(["print", "recharge", "refund", "adjustment"]));
    for (const line of activity.filter((l) => l.type === "print")) {
      expect(line.amount).toBeLessThan(0);
      expect(line.description).toMatch(/\.(pdf|docx|pptx|xlsx|html)$/);
      expect(line.jobId).toBeGreaterThan(0);
    }
    const recharges = activity.filter((l) => l.type === "recharge");
    expect(recharges.length).toBeGreaterThanOrEqual(3);
    for (const line of recharges) expect(["voucher", "external"]).toContain(line.provider);
    const refund = activity.find((l) => l.type === "refund")!;
    expect(refund.amount).toBeGreaterThan(0);
    expect(refund.description).toMatch(/^Refund: /);
    expect(activity.some((l) => l.description === "Goodwill credit from the helpdesk")).toBe(true);
    expect(Math.min(...activity.map((l) => l.balance))).toBeGreaterThanOrEqual(0);
  });

  it("ends at the account's balance, each line's balance following from the next", async () => {
    const { activity } = await statement({ limit: "1000" });
    expect(activity[0]!.balance).toBe(await creditBalance());
    expect(activity[0]!.balance).toBe(25.5);
    expectRunningBalance(activity);
    // The oldest line's balance is its own amount: nothing came before.
    expect(activity.at(-1)!.balance).toBe(activity.at(-1)!.amount);
  });

  it("stays consistent with the balance when a new line arrives", async () => {
    const account = server.services.users.creditAccount(BOB.id)!;
    server.services.ledger.append({
      accountId: account.id,
      at: Math.floor(Date.now() / 1000),
      amountCents: -123,
      kind: "adjustment",
      note: "Correction by the helpdesk",
    });
    const { activity } = await statement({ limit: "1000" }, client, BOB.id);
    expect(activity[0]).toMatchObject({ type: "adjustment", amount: -1.23, description: "Correction by the helpdesk" });
    expect(activity[0]!.balance).toBe(await creditBalance(BOB.id));
    expect(activity[0]!.balance).toBe(1.97);
    expectRunningBalance(activity);
  });

  it("pages with limit and start; count is the total that matched", async () => {
    const all = await statement({ limit: "1000" });
    const first = await statement({ limit: "10" });
    const second = await statement({ limit: "10", start: "10" });
    expect(first.count).toBe(all.count);
    expect(second.count).toBe(all.count);
    expect([...first.activity, ...second.activity]).toEqual(all.activity.slice(0, 20));
    const last = await statement({ limit: "10", start: String(all.count - 3) });
    expect(last.activity).toEqual(all.activity.slice(-3));
    const beyond = await statement({ start: String(all.count + 5) });
    expect(beyond).toEqual({ activity: [], count: all.count });
    // 100 by default.
    expect((await statement()).activity).toHaveLength(Math.min(100, all.count));
  });

  it("filters by type, keeping each line's true balance", async () => {
    const all = (await statement({ limit: "1000" })).activity;
    const prints = await statement({ type: "print", limit: "1000" });
    expect(prints.activity.map((l) => l.id)).toEqual(all.filter((l) => l.type === "print").map((l) => l.id));
    expect(prints.count).toBe(prints.activity.length);
    const credits = await statement({ type: "recharge,refund", limit: "1000" });
    expect(new Set(credits.activity.map((l) => l.type))).toEqual(new Set(["recharge", "refund"]));
    expect(credits.activity).toEqual(all.filter((l) => l.type === "recharge" || l.type === "refund"));
    const paged = await statement({ type: "print", limit: "5", start: "5" });
    expect(paged.activity).toEqual(prints.activity.slice(5, 10));
    expect(paged.count).toBe(prints.count);
  });

  it("filters by dates: a date is a whole UTC day, a date-time an instant", async () => {
    const all = (await statement({ limit: "1000" })).activity;
    const day = (iso: string) => iso.slice(0, 10);
    const from = day(all[Math.floor(all.length * 0.6)]!.dateTime);
    const to = day(all[Math.floor(all.length * 0.3)]!.dateTime);
    const ranged = await statement({ from, to, limit: "1000" });
    const expected = all.filter((l) => day(l.dateTime) >= from && day(l.dateTime) <= to);
    expect(expected.length).toBeGreaterThan(0);
    expect(ranged.activity).toEqual(expected);
    expect(ranged.count).toBe(expected.length);

    const oneDay = await statement({ from: to, to, limit: "1000" });
    expect(oneDay.activity).toEqual(all.filter((l) => day(l.dateTime) === to));

    const instant = all[5]!.dateTime;
    const before = await statement({ to: instant, limit: "1000" });
    expect(before.activity[0]).toEqual(all.find((l) => l.dateTime <= instant));
    const after = await statement({ from: instant.replace("Z", "+00:00"), limit: "1000" });
    expect(after.activity.at(-1)!.dateTime).toBe(instant);
    // The same instant in another offset.
    const shifted = new Date(Date.parse(instant) + 2 * 3_600_000).toISOString().slice(0, 19) + "+02:00";
    expect((await statement({ from: shifted, limit: "1000" })).count).toBe(after.count);
  });

  it("answers 400 for bad filters and paging, and 404 for another user's statement", async () => {
    const badQueries: Array<Record<string, string>> = [
      { from: "2026-02-30" },
      { from: "yesterday" },
      { to: "2026-05-01T10:00:00" },
      { from: "2026-05-02", to: "2026-05-01" },
      { type: "charge" },
      { type: "print," },
      { limit: "0" },
      { limit: "1001" },
      { start: "-1" },
    ];
    for (const query of badQueries) {
      const res = await call(server, "getUserActivity", { token: alice, params: { id: ALICE.id }, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.error).toBe("invalid_request");
    }
    const other = await call(server, "getUserActivity", { token: alice, params: { id: BOB.id } });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("not_found");
    const missing = await call(server, "getUserActivity", { token: client, params: { id: 999 } });
    expect(missing.status).toBe(404);
  });

  it("lets a client token read any user's statement", async () => {
    const bob = await statement({}, client, BOB.id);
    expect(bob.count).toBeGreaterThan(0);
    expect(bob.activity[0]!.balance).toBe(await creditBalance(BOB.id));
  });

  it("answers an empty statement for a user without a credit account", async () => {
    const id = Number(
      server.services.db
        .prepare("INSERT INTO users (username, fullname, created_at) VALUES ('dora', 'Dora', 0) RETURNING id")
        .pluck()
        .get(),
    );
    expect(await statement({}, client, id)).toEqual({ activity: [], count: 0 });
  });
});
