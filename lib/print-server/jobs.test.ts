import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MockAgent } from "undici";
import { createPrintServerApi } from "./api-client";
import { deleteJobs, jobState, jobsOfList, listJobs, printAllJobs, releaseJobs, setFavorite, toJob } from "./jobs";

const origin = "https://print.test:8090";
const token = "user-token";
let agent: MockAgent;

const api = () => createPrintServerApi({ baseUrl: origin, timeoutMs: 2000, dispatcher: agent });

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

const ours = {
  id: 41,
  name: "Boarding pass.pdf",
  date: "2026-11-24",
  dateTime: "2026-11-24T08:00:00.000Z",
  favorite: false,
  cost: 0.05,
  duplex: false,
  color: false,
  pageCount: 1,
  colorCount: 0,
  copies: 1,
  paper: { state: 0 },
  state: "ready",
  expiresAt: "2026-11-25T08:00:00.000Z",
};

// A real MyQ X's job: no state, no deletion time (../shared/docs/myq-examples.md).
const myq = {
  id: 7,
  name: "Report.docx",
  date: "2026-11-24",
  dateTime: "2026-11-24T09:00:00+01:00",
  favorite: true,
  cost: 1.2,
  duplex: true,
  color: true,
  pageCount: 4,
  colorCount: 4,
  copies: 2,
  paper: { state: 1 },
};

describe("listJobs", () => {
  it("asks for the list's state with paging and the user's token, and reads ours and MyQ's shapes", async () => {
    agent
      .get(origin)
      .intercept({
        path: "/api/v3/jobs?state=ready&start=50&limit=50",
        method: "GET",
        headers: { authorization: `Bearer ${token}` },
      })
      .reply(200, { jobs: [ours, myq, { id: "broken" }], count: 120 });
    const page = await listJobs(token, "waiting", { start: 50, limit: 50 }, api());
    expect(page.count).toBe(120);
    expect(page.jobs).toHaveLength(2);
    expect(page.jobs[0]).toMatchObject({ id: 41, state: "ready", expiresAt: ours.expiresAt, cost: 0.05, pages: 1 });
    expect(page.jobs[1]).toMatchObject({ id: 7, state: null, expiresAt: null, color: true, duplex: true, copies: 2 });
  });

  it("names favourites and printed jobs by the server's filter values", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/jobs?state=favorite&start=0&limit=50" })
      .reply(200, { jobs: [], count: 0 });
    agent
      .get(origin)
      .intercept({ path: "/api/v3/jobs?state=printed&start=0&limit=50" })
      .reply(200, { jobs: [], count: 0 });
    expect((await listJobs(token, "favorites", { start: 0, limit: 50 }, api())).count).toBe(0);
    expect((await listJobs(token, "printed", { start: 0, limit: 50 }, api())).count).toBe(0);
  });
});

describe("jobsOfList", () => {
  // A server that ignores the `state` filter answers every job for every list.
  const mixed = { jobs: [toJob(ours), toJob(myq), toJob({ ...myq, id: 8, favorite: false })], count: 3 };
  const stateless = { jobs: [toJob(myq), toJob({ ...myq, id: 8, favorite: false })], count: 2 };

  it("keeps only the favourites a server marked so, whatever its filter did", () => {
    expect(jobsOfList("favorites", stateless)).toEqual({ jobs: [stateless.jobs[0]], count: 1, offered: true });
  });

  it("calls a job printed only when it has a state; a server without states has no printed list", () => {
    expect(jobsOfList("printed", mixed)).toMatchObject({ count: 1, offered: true });
    expect(jobsOfList("printed", mixed).jobs.map((job) => job.id)).toEqual([41]);
    expect(jobsOfList("printed", stateless)).toEqual({ jobs: [], count: 0, offered: false });
    expect(jobsOfList("printed", { jobs: [], count: 0 })).toEqual({ jobs: [], count: 0, offered: true });
  });

  it("leaves the waiting list as the server answered it", () => {
    expect(jobsOfList("waiting", stateless)).toEqual({ ...stateless, offered: true });
  });
});

describe("releaseJobs", () => {
  it("sends the idempotency key and answers the ids the server took", async () => {
    agent
      .get(origin)
      .intercept({
        path: "/api/v3/printers/1/jobs/release",
        method: "POST",
        headers: { "idempotency-key": "key-12345678" },
        body: JSON.stringify({ jobIds: [41] }),
      })
      .reply(202, { jobs: [{ id: 41, state: "processing", cost: 0.05 }] });
    expect(await releaseJobs(token, { printerId: 1, jobIds: [41], idempotencyKey: "key-12345678" }, api())).toEqual([
      41,
    ]);
  });

  it("sends the options the person changed as MyQ's releaseOptions (0 keeps what the job was sent with)", async () => {
    agent
      .get(origin)
      .intercept({
        path: "/api/v3/printers/1/jobs/release",
        method: "POST",
        body: JSON.stringify({ jobIds: [41], releaseOptions: { copies: 3, duplex: 0, color: 1 } }),
      })
      .reply(202, { jobs: [{ id: 41, state: "processing", cost: 0.15 }] });
    const order = { printerId: 1, jobIds: [41], idempotencyKey: "key-12345679", options: { copies: 3, mono: true } };
    expect(await releaseJobs(token, order, api())).toEqual([41]);
  });

  it("answers the ids asked for when the server lists none (MyQ may answer an empty body)", async () => {
    agent.get(origin).intercept({ path: "/api/v3/printers/1/jobs/release", method: "POST" }).reply(202, {});
    expect(await releaseJobs(token, { printerId: 1, jobIds: [41, 42], idempotencyKey: "k1234567" }, api())).toEqual([
      41, 42,
    ]);
  });

  it.each([
    [402, { error: "insufficient_credit" }, "insufficient_credit"],
    [409, { error: "printer_unavailable" }, "printer_unavailable"],
    [409, { error: "job_not_ready" }, "job_not_ready"],
    [409, {}, "job_not_ready"],
    [404, { error: "not_found" }, "not_found"],
    [503, {}, "unreachable"],
  ])("maps %i %j to %s", async (status, body, code) => {
    agent.get(origin).intercept({ path: "/api/v3/printers/3/jobs/release", method: "POST" }).reply(status, body);
    await expect(
      releaseJobs(token, { printerId: 3, jobIds: [41], idempotencyKey: "k1234567" }, api()),
    ).rejects.toMatchObject({ code });
  });
});

describe("the other job calls", () => {
  it("print all reads the jobs and whether there are more", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/printers/2/printAll" })
      .reply(200, { jobs: [{ id: 1, projectId: 0 }], counters: [1], moreJobs: true, projectSelected: false });
    expect(await printAllJobs(token, 2, api())).toEqual({ jobIds: [1], moreJobs: true });
  });

  it("deletes by a list of ids", async () => {
    agent.get(origin).intercept({ path: "/api/v3/jobs/delete", method: "POST", body: "[41,42]" }).reply(204, "");
    await expect(deleteJobs(token, [41, 42], api())).resolves.toBeUndefined();
  });

  it("says a job refused for deletion may be printing right now", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/jobs/delete", method: "POST" })
      .reply(409, { error: "job_not_ready", error_description: "Job 41 is printing; it can be deleted once printed." });
    await expect(deleteJobs(token, [41], api())).rejects.toMatchObject({
      code: "job_not_ready",
      upstreamStatus: 409,
      sentenceKey: "jobs.answers.deleteNotReady",
    });
  });

  it("marks a favourite and answers the job as changed", async () => {
    agent
      .get(origin)
      .intercept({ path: "/api/v3/jobs/41", method: "PATCH", body: JSON.stringify({ favorite: true }) })
      .reply(200, { ...ours, favorite: true });
    expect(await setFavorite(token, 41, true, api())).toMatchObject({ id: 41, favorite: true });
  });

  it("reads a job's state, and a job no longer there as deleted", async () => {
    agent.get(origin).intercept({ path: "/api/v3/jobs/41/state" }).reply(200, { state: "printed" });
    agent.get(origin).intercept({ path: "/api/v3/jobs/42/state" }).reply(404, { error: "not_found" });
    expect(await jobState(token, 41, api())).toBe("printed");
    expect(await jobState(token, 42, api())).toBe("deleted");
  });
});
