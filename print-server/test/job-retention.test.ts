import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowSeconds } from "../src/db/open-database.js";
import { retentionSweeps } from "../src/printing/job-retention.js";
import { call } from "./support/openapi-client.js";
import { pollUntil } from "./support/poll.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, userToken } from "./support/tokens.js";

/**
 * Retention with short settings: held jobs kept 2 s, printed ones 3 s. The
 * server's own timer deletes them (nothing here calls the sweep); favourites
 * stay until unmarked.
 */
let server: TestApp;
let alice: string;

beforeAll(async () => {
  server = await buildTestApp({ env: { PRINT_SERVER_HELD_RETENTION: "2", PRINT_SERVER_PRINTED_RETENTION: "3" } });
  const client = await server.registerClient("jobs");
  alice = await accessToken(await userToken(server, client, "jobs", { type: 2, pin: ALICE.pin }));
});

afterAll(async () => {
  await server.close();
});

const names = async (state: string) =>
  ((await call(server, "listJobs", { token: alice, query: { state } })).json.jobs as Array<{ name: string }>).map(
    (j) => j.name,
  );

const deleted = (id: number) =>
  pollUntil(async () => {
    const { json } = await call(server, "getJobState", { token: alice, params: { id } });
    return json.state === "deleted" ? true : undefined;
  });

describe("job retention", () => {
  it("on start deletes held jobs past their time and printed ones past theirs, but keeps favourites", async () => {
    expect(await names("ready")).toEqual([]);
    expect(await names("deleted")).toEqual(expect.arrayContaining(["Boarding pass.pdf", "Quarterly report.pdf"]));
    // Polled: in the first minutes after 00:00 UTC the demo's quota session
    // of today (seed-demo.ts) prints up to the start, within the 3 s kept,
    // and the timer deletes those a moment later.
    await expect.poll(() => names("printed"), { timeout: 5000 }).toEqual(["Expense form.xlsx"]);
    expect(await names("favorite")).toEqual(["Expense form.xlsx"]);
  });

  it("deletes a job sent now once its held time has passed, on the server's timer", async () => {
    const now = nowSeconds();
    const id = Number(
      server.services.db
        .prepare(
          `INSERT INTO print_jobs (user_id, name, state, submitted_at, pages, copies, colour, duplex, retained_from)
           VALUES (?, 'Fresh.pdf', 'ready', ?, 1, 1, 0, 0, ?)`,
        )
        .run(ALICE.id, now, now).lastInsertRowid,
    );
    const fresh = (await call(server, "getJob", { token: alice, params: { id } })).json;
    expect(Date.parse(fresh.expiresAt)).toBe((now + 2) * 1000);
    await deleted(id);
    expect(await names("ready")).toEqual([]);
  });

  it("keeps a favourite until it is unmarked, then for the printed time from then", async () => {
    const { jobs } = (await call(server, "listJobs", { token: alice, query: { state: "favorite" } })).json;
    const id = jobs[0].id as number;
    const unmarked = await call(server, "changeJob", { token: alice, params: { id }, json: { favorite: false } });
    expect(unmarked.json).toMatchObject({ state: "printed", favorite: false });
    expect(Date.parse(unmarked.json.expiresAt)).toBeGreaterThanOrEqual(Date.now() + 1000);
    expect((await call(server, "getJobState", { token: alice, params: { id } })).json.state).toBe("printed");
    await deleted(id);
  });

  // Both sweeps run before every release. With an index on retained_from
  // alone, the held sweep would read every printed job of the last week too;
  // a plan on the state and the time reads only the jobs it may delete.
  it("each sweep reads the index by its own states and the time, not every job kept", () => {
    for (const sql of Object.values(retentionSweeps)) {
      const plan = server.services.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(0) as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail)).toEqual([
        "SEARCH print_jobs USING INDEX print_jobs_retention (state=? AND retained_from<?)",
      ]);
    }
  });
});
