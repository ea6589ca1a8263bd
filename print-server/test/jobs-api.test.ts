import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asQuery, call } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, userToken } from "./support/tokens.js";

/** The jobs endpoints through inject(): lists, one job, favourites and deletion. Release: release-api.test.ts. */
let server: TestApp;
let alice: string;
let bob: string;

interface Job {
  id: number;
  name: string;
  state: string;
  favorite: boolean;
  cost: number;
  dateTime: string;
  expiresAt: string | null;
}

beforeAll(async () => {
  server = await buildTestApp();
  const client = await server.registerClient("users jobs");
  alice = await accessToken(await userToken(server, client, "jobs", { type: 2, pin: ALICE.pin }));
  bob = await accessToken(await userToken(server, client, "jobs", { type: 2, pin: BOB.pin }));
});

afterAll(async () => {
  await server.close();
});

const list = async (token: string, query: Record<string, string | number> = {}) => {
  const res = await call(server, "listJobs", { token, query: asQuery(query) });
  expect(res.status, res.text).toBe(200);
  return res.json as { jobs: Job[]; count: number };
};

const jobNamed = async (token: string, name: string, state = "ready"): Promise<Job> => {
  const found = (await list(token, { state })).jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no ${state} job named ${name}`);
  return found;
};

const stateOf = async (token: string, id: number) =>
  (await call(server, "getJobState", { token, params: { id } })).json.state as string;

describe("GET /v3/jobs", () => {
  it("lists the user's waiting jobs by default, newest first, with cost and when each is deleted", async () => {
    const { jobs, count } = await list(alice);
    expect(count).toBe(3);
    expect(jobs.map((j) => [j.name, j.state, j.cost, j.favorite])).toEqual([
      ["Quarterly report.pdf", "ready", 1.68, false],
      ["Boarding pass.pdf", "ready", 0.05, false],
      ["Team photo.jpg", "ready", 0.15, false],
    ]);
    const quarterly = jobs[0]!;
    expect(quarterly).toMatchObject({ pageCount: 12, colorCount: 12, color: true, duplex: true, copies: 1 });
    // Held jobs are deleted a day after they were sent (PRINT_SERVER_HELD_RETENTION).
    expect(Date.parse(quarterly.expiresAt!) - Date.parse(quarterly.dateTime)).toBe(86_400_000);
    expect(quarterly.dateTime.slice(0, 10)).toBe((quarterly as Job & { date: string }).date);
    expect((await list(bob)).jobs.map((j) => j.name)).toEqual(["Site plan.pdf", "Timesheet.xlsx"]);
  });

  it("filters by state: printed (kept for reprint), favourites whatever their state; an unknown value is an empty list", async () => {
    const printed = await list(alice, { state: "printed" });
    expect(printed.count).toBeGreaterThan(1);
    expect(printed.jobs.every((j) => j.state === "printed")).toBe(true);
    const favourites = await list(alice, { state: "favorite" });
    expect(favourites.jobs.map((j) => [j.name, j.state, j.expiresAt])).toEqual([
      ["Expense form.xlsx", "printed", null],
    ]);
    // Printed jobs are kept a week after their print; older ones are deleted (but still in the reports).
    const week = 7 * 86_400_000;
    for (const job of printed.jobs.filter((j) => !j.favorite)) {
      expect(Date.parse(job.expiresAt!)).toBeGreaterThan(Date.now());
      expect(Date.parse(job.expiresAt!)).toBeLessThanOrEqual(Date.now() + week);
    }
    expect((await list(alice, { state: "deleted" })).count).toBeGreaterThan(0);
    for (const state of ["held", "READY", "nonsense", ""]) {
      expect(await list(alice, { state }), state).toEqual({ jobs: [], count: 0 });
    }
  });

  it("pages with limit and start; count is the total that matched", async () => {
    const all = await list(alice, { state: "printed" });
    const pages = [];
    for (let start = 0; start < all.count; start += 2) {
      const page = await list(alice, { state: "printed", limit: 2, start });
      expect(page.count).toBe(all.count);
      pages.push(...page.jobs.map((j) => j.id));
    }
    expect(pages).toEqual(all.jobs.map((j) => j.id));
    expect(await list(alice, { state: "printed", start: all.count })).toEqual({ jobs: [], count: all.count });
    for (const query of [{ limit: "0" }, { limit: "1001" }, { start: "-1" }, { limit: "x" }] as Array<
      Record<string, string>
    >) {
      const res = await call(server, "listJobs", { token: alice, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.error).toBe("invalid_request");
    }
  });
});

describe("GET /v3/jobs/{id} and /state", () => {
  it("answers the user's own job and its state; another user's job and a missing one are 404 alike", async () => {
    const boarding = await jobNamed(alice, "Boarding pass.pdf");
    const one = await call(server, "getJob", { token: alice, params: { id: boarding.id } });
    expect(one.json).toEqual(boarding);
    expect(await call(server, "getJobState", { token: alice, params: { id: boarding.id } })).toMatchObject({
      status: 200,
      json: { state: "ready" },
    });
    for (const operationId of ["getJob", "getJobState"] as const) {
      const theirs = await call(server, operationId, { token: bob, params: { id: boarding.id } });
      const missing = await call(server, operationId, { token: bob, params: { id: 9_999_999 } });
      expect(theirs.status).toBe(404);
      expect(theirs.json).toEqual(missing.json);
      expect(theirs.json.error).toBe("not_found");
    }
    expect((await call(server, "getJob", { token: alice, params: { id: 0 } })).status).toBe(400);
  });
});

describe("PATCH /v3/jobs/{id} and /v3/jobs", () => {
  it("marks and unmarks a favourite: kept while marked, its retention starts again when unmarked", async () => {
    const team = await jobNamed(alice, "Team photo.jpg");
    const marked = await call(server, "changeJob", { token: alice, params: { id: team.id }, json: { favorite: true } });
    expect(marked.status).toBe(200);
    expect(marked.json).toMatchObject({ id: team.id, favorite: true, expiresAt: null, state: "ready" });
    expect((await list(alice, { state: "favorite" })).jobs.map((j) => j.name)).toContain("Team photo.jpg");
    const before = Date.now();
    const unmarked = await call(server, "changeJob", {
      token: alice,
      params: { id: team.id },
      json: { favorite: false, projectId: 0 },
    });
    expect(unmarked.json.favorite).toBe(false);
    expect(Date.parse(unmarked.json.expiresAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 86_400_000);
  });

  it("changes several at once and answers them; all or nothing when one is another user's", async () => {
    const [a, b] = (await list(alice)).jobs;
    const both = await call(server, "changeJobs", {
      token: alice,
      json: {
        jobs: [
          { id: a!.id, favorite: true },
          { id: b!.id, favorite: true },
        ],
      },
    });
    expect(both.status).toBe(200);
    expect(both.json.count).toBe(2);
    expect(both.json.jobs.map((j: Job) => [j.id, j.favorite])).toEqual([
      [a!.id, true],
      [b!.id, true],
    ]);
    const bobs = (await list(bob)).jobs[0]!;
    const mixed = await call(server, "changeJobs", {
      token: alice,
      json: {
        jobs: [
          { id: a!.id, favorite: false },
          { id: bobs.id, favorite: true },
        ],
      },
    });
    expect(mixed.status).toBe(404);
    expect((await call(server, "getJob", { token: alice, params: { id: a!.id } })).json.favorite).toBe(true);
    expect((await call(server, "getJob", { token: bob, params: { id: bobs.id } })).json.favorite).toBe(false);
    await call(server, "changeJobs", {
      token: alice,
      json: {
        jobs: [
          { id: a!.id, favorite: false },
          { id: b!.id, favorite: false },
        ],
      },
    });
  });

  it("refuses what PATCH cannot change, a project, and an empty change", async () => {
    const { id } = await jobNamed(alice, "Boarding pass.pdf");
    for (const json of [{ copies: 2 }, { name: "x" }, {}, { favorite: "yes" }, { projectId: 7 }]) {
      const res = await call(server, "changeJob", { token: alice, params: { id }, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.error).toBe("invalid_request");
    }
    expect((await call(server, "changeJobs", { token: alice, json: { jobs: [] } })).status).toBe(400);
  });
});

describe("DELETE /v3/jobs/{id} and POST /v3/jobs/delete", () => {
  it("deletes a job; deleting it again answers the same and changes nothing; it can no longer be changed", async () => {
    const { id } = await jobNamed(bob, "Timesheet.xlsx");
    for (let i = 0; i < 2; i++) {
      const res = await call(server, "deleteJob", { token: bob, params: { id } });
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
    }
    expect(await stateOf(bob, id)).toBe("deleted");
    expect((await list(bob)).jobs.map((j) => j.name)).toEqual(["Site plan.pdf"]);
    expect((await list(bob, { state: "deleted" })).jobs.map((j) => j.id)).toContain(id);
    const change = await call(server, "changeJob", { token: bob, params: { id }, json: { favorite: true } });
    expect(change.status).toBe(409);
    expect(change.json.error).toBe("job_not_ready");
  });

  it("never deletes another user's job: 404, and the job stays", async () => {
    const site = await jobNamed(bob, "Site plan.pdf");
    const one = await call(server, "deleteJob", { token: alice, params: { id: site.id } });
    expect(one.status).toBe(404);
    const mine = await jobNamed(alice, "Boarding pass.pdf");
    const several = await call(server, "deleteJobs", { token: alice, json: [mine.id, site.id] });
    expect(several.status).toBe(404);
    // All or nothing: alice's own job in the same request stays too.
    expect(await stateOf(bob, site.id)).toBe("ready");
    expect(await stateOf(alice, mine.id)).toBe("ready");
  });

  it("deletes several at once, twice alike; refuses duplicates and an empty list", async () => {
    const { jobs } = await list(alice, { state: "printed" });
    const ids = jobs
      .filter((j) => !j.favorite)
      .map((j) => j.id)
      .slice(0, 2);
    for (let i = 0; i < 2; i++) {
      expect((await call(server, "deleteJobs", { token: alice, json: ids })).status).toBe(204);
    }
    for (const id of ids) expect(await stateOf(alice, id)).toBe("deleted");
    for (const json of [[], [ids[0], ids[0]], ["1"], { ids }]) {
      const res = await call(server, "deleteJobs", { token: alice, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
  });
});

describe("the price list", () => {
  it("is a server setting: `prices` shows it and changes it, and costs follow at once", async () => {
    const shown = await server.cli(["prices"]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ monoPage: 0.05, colourPage: 0.15, duplexSheetDiscount: 0.02 });
    const changed = await server.cli(["prices", "--colour", "0.2", "--duplex-discount", "0"]);
    expect(JSON.parse(changed.stdout)).toEqual({ monoPage: 0.05, colourPage: 0.2, duplexSheetDiscount: 0 });
    // Quarterly report: 12 colour pages, two-sided.
    expect((await jobNamed(alice, "Quarterly report.pdf")).cost).toBe(2.4);
    const refused = await server.cli(["prices", "--mono", "0.055"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--mono must be an amount");
    await server.cli(["prices", "--colour", "0.15", "--duplex-discount", "0.02"]);
    expect((await jobNamed(alice, "Quarterly report.pdf")).cost).toBe(1.68);
  });
});
