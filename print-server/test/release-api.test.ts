import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowSeconds } from "../src/db/open-database.js";
import { call, type CallResult } from "./support/openapi-client.js";
import { creditBalance } from "./support/credit.js";
import { pollUntil } from "./support/poll.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, userToken } from "./support/tokens.js";

/**
 * POST /v3/printers/{id}/jobs/release through inject(), and the simulated
 * printing and charging behind it. `held` prints at a pace of minutes, so a
 * job stays `processing` until the test finishes it (`printEverything`);
 * `fast` prints on its own within milliseconds.
 */
const RECEPTION = 1;
const FINANCE = 2;
const WAREHOUSE = 3; // offline
const LIBRARY = 4; // mono, two-sided
const DESIGN_STUDIO = 5; // has an issue

interface Tokens {
  alice: string;
  bob: string;
}

let held: TestApp;
let fast: TestApp;
let heldTokens: Tokens;
let fastTokens: Tokens;

async function tokensFor(server: TestApp): Promise<Tokens> {
  const client = await server.registerClient("jobs credit");
  return {
    alice: await accessToken(await userToken(server, client, "jobs credit", { type: 2, pin: ALICE.pin })),
    bob: await accessToken(await userToken(server, client, "jobs credit", { type: 2, pin: BOB.pin })),
  };
}

beforeAll(async () => {
  [held, fast] = await Promise.all([
    buildTestApp({ env: { PRINT_SERVER_PRINT_JOB_MS: "600000" } }),
    buildTestApp({ env: { PRINT_SERVER_PRINT_JOB_MS: "20", PRINT_SERVER_PRINT_PAGE_MS: "1" } }),
  ]);
  [heldTokens, fastTokens] = await Promise.all([tokensFor(held), tokensFor(fast)]);
});

afterAll(async () => {
  await Promise.all([held.close(), fast.close()]);
});

const release = (server: TestApp, token: string, printer: number, json: unknown, headers?: Record<string, string>) =>
  call(server, "releaseJobs", { token, params: { id: printer }, json, headers });

/** Finishes every job the held server is printing, as if its printers had run for an hour. */
const printEverything = () => held.services.printing.simulator.finishDue(Date.now() + 3_600_000);

const jobId = async (server: TestApp, token: string, name: string, state = "ready"): Promise<number> => {
  const jobs = (await call(server, "listJobs", { token, query: { state } })).json.jobs as Array<{
    id: number;
    name: string;
  }>;
  const found = jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no ${state} job named ${name}`);
  return found.id;
};

const job = async (server: TestApp, token: string, id: number) =>
  (await call(server, "getJob", { token, params: { id } })).json;

const balance = async (server: TestApp, token: string, userId: number, reference?: string): Promise<number> =>
  reference === undefined
    ? creditBalance(server, token, userId)
    : (await call(server, "getAccountBalance", { token, params: { id: userId, reference } })).json.amount;

/** The charge lines naming a job or a reprint of it, in cents. */
const charges = (server: TestApp, id: number): number[] =>
  server.services.db
    .prepare(
      `SELECT amount_cents FROM credit_ledger WHERE kind = 'charge'
         AND (job_id = ? OR job_id IN (SELECT id FROM print_jobs WHERE reprint_of = ?)) ORDER BY id`,
    )
    .pluck()
    .all(id, id) as number[];

/** A waiting job written straight into the database (the demo has only a few). */
function addReadyJob(
  server: TestApp,
  userId: number,
  job: { name: string; pages: number; colour?: number; duplex?: number; copies?: number },
): number {
  const now = nowSeconds();
  return Number(
    server.services.db
      .prepare(
        `INSERT INTO print_jobs (user_id, name, state, submitted_at, pages, copies, colour, duplex, retained_from)
         VALUES (?, ?, 'ready', ?, ?, ?, ?, ?, ?)`,
      )
      .run(userId, job.name, now, job.pages, job.copies ?? 1, job.colour ?? 0, job.duplex ?? 0, now).lastInsertRowid,
  );
}

const expectError = (res: CallResult, status: number, error: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.json.error).toBe(error);
  expect(typeof res.json.error_description).toBe("string");
};

describe("a release", () => {
  it("answers 202 at once; the job prints in the background and is charged once when it prints", async () => {
    const { alice } = fastTokens;
    const id = await jobId(fast, alice, "Boarding pass.pdf");
    const [credit, quota] = [
      await balance(fast, alice, ALICE.id),
      await balance(fast, alice, ALICE.id, "quota-monthly"),
    ];
    const res = await release(fast, alice, RECEPTION, { jobIds: [id], releaseOptions: { copies: 0 }, account: null });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({ jobs: [{ id, state: "processing", cost: 0.05 }] });
    const printed = await pollUntil(async () => {
      const now = await job(fast, alice, id);
      return now.state === "printed" ? now : undefined;
    });
    expect(printed).toMatchObject({ cost: 0.05, favorite: false });
    // Kept a week for reprint from its print.
    expect(Date.parse(printed.expiresAt)).toBeGreaterThan(Date.now() + 7 * 86_400_000 - 60_000);
    expect(await balance(fast, alice, ALICE.id)).toBeCloseTo(credit - 0.05, 10);
    expect(await balance(fast, alice, ALICE.id, "quota-monthly")).toBe(quota - 1);
    expect(charges(fast, id)).toEqual([-5]);
    expect((await call(fast, "listJobs", { token: alice })).json.jobs.map((j: { id: number }) => j.id)).not.toContain(
      id,
    );
  });

  it("stays processing until the printer is done, then prints; a job printing cannot be deleted", async () => {
    const { alice } = heldTokens;
    const id = await jobId(held, alice, "Boarding pass.pdf");
    expect((await release(held, alice, RECEPTION, { jobIds: [id] })).status).toBe(202);
    expect((await call(held, "getJobState", { token: alice, params: { id } })).json).toEqual({ state: "processing" });
    expect(await job(held, alice, id)).toMatchObject({ state: "processing", expiresAt: null, cost: 0.05 });
    expect(charges(held, id)).toEqual([]);
    expectError(await call(held, "deleteJob", { token: alice, params: { id } }), 409, "job_not_ready");
    printEverything();
    expect((await call(held, "getJobState", { token: alice, params: { id } })).json).toEqual({ state: "printed" });
    expect(charges(held, id)).toEqual([-5]);
  });
});

describe("refusals: nothing prints and the jobs stay ready", () => {
  it("an offline printer, one with an issue, a missing one", async () => {
    const { alice } = heldTokens;
    const id = await jobId(held, alice, "Team photo.jpg");
    const before = await balance(held, alice, ALICE.id);
    expectError(await release(held, alice, WAREHOUSE, { jobIds: [id] }), 409, "printer_unavailable");
    const issue = await release(held, alice, DESIGN_STUDIO, { jobIds: [id] });
    expectError(issue, 409, "printer_unavailable");
    expect(issue.json.error_description).toContain("Design studio");
    expectError(await release(held, alice, 99, { jobIds: [id] }), 404, "not_found");
    expect((await job(held, alice, id)).state).toBe("ready");
    expect(await balance(held, alice, ALICE.id)).toBe(before);
  });

  it("another user's job is 404, as a missing one, and it stays theirs and ready", async () => {
    const { alice, bob } = heldTokens;
    const theirs = await jobId(held, bob, "Site plan.pdf");
    const mine = await jobId(held, alice, "Team photo.jpg");
    const res = await release(held, alice, RECEPTION, { jobIds: [mine, theirs] });
    expectError(res, 404, "not_found");
    expect(res.json).toEqual((await release(held, alice, RECEPTION, { jobIds: [9_999_999] })).json);
    expect((await job(held, bob, theirs)).state).toBe("ready");
    expect((await job(held, alice, mine)).state).toBe("ready");
  });

  it("not enough credit for the whole release: 402 before anything prints, though each job alone fits", async () => {
    const { bob } = heldTokens;
    const site = await jobId(held, bob, "Site plan.pdf"); // 3 pages mono two-sided: 0.13 a copy
    const sheet = await jobId(held, bob, "Timesheet.xlsx"); // 1 page mono: 0.05 a copy
    expect(await balance(held, bob, BOB.id)).toBe(3.2);
    const res = await release(held, bob, RECEPTION, { jobIds: [site, sheet], releaseOptions: { copies: 20 } });
    expectError(res, 402, "insufficient_credit");
    expect(res.json.error_description).toBe("This release costs 3.60 EUR; 3.20 EUR is available to print.");
    expect([(await job(held, bob, site)).state, (await job(held, bob, sheet)).state]).toEqual(["ready", "ready"]);

    // Credit held by a job still printing counts as spent.
    expect((await release(held, bob, RECEPTION, { jobIds: [site], releaseOptions: { copies: 20 } })).status).toBe(202);
    const second = await release(held, bob, RECEPTION, { jobIds: [sheet], releaseOptions: { copies: 20 } });
    expectError(second, 402, "insufficient_credit");
    expect(second.json.error_description).toContain("0.60 EUR is available");
    printEverything();
    expect(await balance(held, bob, BOB.id)).toBe(0.6);
    expect(charges(held, site)).toEqual([-260]);
    expect((await job(held, bob, sheet)).state).toBe("ready");
  });

  it("not enough quota pages when the quota account pays", async () => {
    const { alice } = heldTokens;
    const id = addReadyJob(held, ALICE.id, { name: "Thesis.pdf", pages: 600 });
    const res = await release(held, alice, RECEPTION, { jobIds: [id], account: "quota-monthly" });
    expectError(res, 402, "insufficient_credit");
    expect(res.json.error_description).toMatch(/^This release prints 600 pages; your quota has \d+ left\.$/);
    expectError(await release(held, alice, RECEPTION, { jobIds: [id], account: "nope" }), 400, "invalid_request");
    expectError(await release(held, alice, RECEPTION, { jobIds: [id], projectId: 3 }), 400, "invalid_request");
    await call(held, "deleteJob", { token: alice, params: { id } });
  });

  it("a job not ready (deleted, printing) is 409 job_not_ready, and the others of the release stay ready", async () => {
    const { alice } = heldTokens;
    const gone = addReadyJob(held, ALICE.id, { name: "Gone.pdf", pages: 1 });
    const kept = addReadyJob(held, ALICE.id, { name: "Kept.pdf", pages: 1 });
    await call(held, "deleteJob", { token: alice, params: { id: gone } });
    expectError(await release(held, alice, RECEPTION, { jobIds: [kept, gone] }), 409, "job_not_ready");
    expect((await job(held, alice, kept)).state).toBe("ready");
    expect((await release(held, alice, RECEPTION, { jobIds: [kept] })).status).toBe(202);
    expectError(await release(held, alice, FINANCE, { jobIds: [kept] }), 409, "job_not_ready");
    printEverything();
    expect(charges(held, kept)).toEqual([-5]);
  });
});

describe("the same release sent more than once", () => {
  it("two releases of one job at once: one 202, one 409; printed once, charged once", async () => {
    const { alice } = heldTokens;
    const id = await jobId(held, alice, "Team photo.jpg");
    const before = await balance(held, alice, ALICE.id);
    const answers = await Promise.all([
      release(held, alice, RECEPTION, { jobIds: [id] }),
      release(held, alice, FINANCE, { jobIds: [id] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    printEverything();
    expect(charges(held, id)).toEqual([-15]);
    expect(await balance(held, alice, ALICE.id)).toBeCloseTo(before - 0.15, 10);
    expect((await job(held, alice, id)).state).toBe("printed");
  });

  it("40 releases of one job in parallel: one prints, 39 are refused, one charge", async () => {
    const { alice } = heldTokens;
    const id = await jobId(held, alice, "Quarterly report.pdf");
    const before = await balance(held, alice, ALICE.id);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => release(held, alice, i % 2 ? RECEPTION : FINANCE, { jobIds: [id] })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    printEverything();
    expect(charges(held, id)).toEqual([-168]);
    expect(await balance(held, alice, ALICE.id)).toBeCloseTo(before - 1.68, 10);
  });

  it("with an Idempotency-Key, a retry answers as the first did and prints nothing again", async () => {
    const { alice } = heldTokens;
    const id = addReadyJob(held, ALICE.id, { name: "Retry.pdf", pages: 2 });
    const headers = { "idempotency-key": "release-4711-a" };
    const first = await release(held, alice, RECEPTION, { jobIds: [id] }, headers);
    expect(first.status).toBe(202);
    printEverything();
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => release(held, alice, RECEPTION, { jobIds: [id] }, headers)),
    );
    for (const retry of retries) expect([retry.status, retry.json]).toEqual([202, first.json]);
    printEverything();
    expect(charges(held, id)).toEqual([-10]);
    const other = await release(held, alice, FINANCE, { jobIds: [id] }, headers);
    expectError(other, 400, "invalid_request");
    expect(other.json.error_description).toContain("Idempotency-Key");
    expectError(
      await release(held, alice, RECEPTION, { jobIds: [id] }, { "idempotency-key": "ä" }),
      400,
      "invalid_request",
    );
  });
});

describe("reprint and release options", () => {
  it("reprints a printed job (a favourite too) and charges again, once per release; the list shows it once", async () => {
    const { alice } = heldTokens;
    const id = await jobId(held, alice, "Expense form.xlsx", "favorite");
    const before = await balance(held, alice, ALICE.id);
    const printedCount = (await call(held, "listJobs", { token: alice, query: { state: "printed" } })).json.count;
    const charged = charges(held, id).length;
    for (let i = 0; i < 2; i++) {
      const res = await release(held, alice, FINANCE, { jobIds: [id] });
      expect(res.json).toEqual({ jobs: [{ id, state: "processing", cost: 0.1 }] });
      printEverything();
    }
    expect(charges(held, id).slice(charged)).toEqual([-10, -10]);
    expect(await balance(held, alice, ALICE.id)).toBeCloseTo(before - 0.2, 10);
    expect(await job(held, alice, id)).toMatchObject({ state: "printed", favorite: true, expiresAt: null });
    expect((await call(held, "listJobs", { token: alice, query: { state: "printed" } })).json.count).toBe(printedCount);
  });

  it("prints with the options sent (copies, one-sided, mono), within what the printer can do", async () => {
    const { alice } = heldTokens;
    const colourDuplex = { pages: 12, colour: 1, duplex: 1 }; // 1.68 as sent
    const a = addReadyJob(held, ALICE.id, { name: "A.pdf", ...colourDuplex });
    const b = addReadyJob(held, ALICE.id, { name: "B.pdf", ...colourDuplex });
    const c = addReadyJob(held, ALICE.id, { name: "C.pdf", ...colourDuplex });
    expect((await job(held, alice, a)).cost).toBe(1.68);
    const mono = await release(held, alice, RECEPTION, {
      jobIds: [a],
      releaseOptions: { copies: 2, duplex: 1, color: 1, stapling: 0, punching: 0, tonerSaving: 0 },
    });
    expect(mono.json.jobs[0].cost).toBe(1.2); // 12 mono pages one-sided, twice
    // The Library prints mono only: a colour job prints, and costs, mono there (still two-sided).
    expect((await release(held, alice, LIBRARY, { jobIds: [b] })).json.jobs[0].cost).toBe(0.48);
    expect(
      (await release(held, alice, RECEPTION, { jobIds: [c], releaseOptions: { duplex: 3 } })).json.jobs[0].cost,
    ).toBe(1.68);
    printEverything();
    expect(await job(held, alice, a)).toMatchObject({
      state: "printed",
      copies: 2,
      color: false,
      duplex: false,
      cost: 1.2,
    });
    expect(await job(held, alice, b)).toMatchObject({ color: false, duplex: true, cost: 0.48 });
    expect([charges(held, a), charges(held, b), charges(held, c)]).toEqual([[-120], [-48], [-168]]);
    for (const releaseOptions of [{ copies: -1 }, { duplex: 4 }, { color: 2 }, { copies: 1000 }, { staple: 1 }]) {
      const res = await release(held, alice, RECEPTION, { jobIds: [a], releaseOptions });
      expect(res.status, JSON.stringify(releaseOptions)).toBe(400);
    }
  });
});
