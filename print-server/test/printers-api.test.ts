import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asQuery, call } from "./support/openapi-client.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { accessToken, ALICE, BOB, clientToken, userToken } from "./support/tokens.js";

/** GET /v3/printers, /v3/printers/{id} and /printAll through inject(). */
let server: TestApp;
let app: string;
let alice: string;
let bob: string;

const RECEPTION = 1;

beforeAll(async () => {
  server = await buildTestApp();
  const client = await server.registerClient("jobs printers");
  app = await accessToken(await clientToken(server, client, "printers"));
  alice = await accessToken(await userToken(server, client, "jobs", { type: 2, pin: ALICE.pin }));
  bob = await accessToken(await userToken(server, client, "jobs", { type: 2, pin: BOB.pin }));
});

afterAll(async () => {
  await server.close();
});

const names = async (query: Record<string, string | number> = {}) => {
  const res = await call(server, "listPrinters", { token: app, query: asQuery(query) });
  expect(res.status, res.text).toBe(200);
  return { names: res.json.printers.map((p: { name: string }) => p.name) as string[], count: res.json.count as number };
};

describe("GET /v3/printers", () => {
  it("lists the printers by name in MyQ's shape, with why one cannot print", async () => {
    const res = await call(server, "listPrinters", { token: app });
    expect(res.json.count).toBe(5);
    expect(res.json.printers.map((p: Record<string, unknown>) => [p.name, p.location, p.state, p.mode])).toEqual([
      ["Design studio", "3rd floor", "active", "withIssue"],
      ["Finance MFP", "2nd floor", "active", "online"],
      ["Library", "1st floor, library", "active", "online"],
      ["Reception", "Ground floor", "active", "online"],
      ["Warehouse", "Warehouse, loading bay", "active", "offline"],
    ]);
    expect(res.json.printers[3]).toMatchObject({
      id: RECEPTION,
      brand: "Kyocera",
      model: "TASKalfa 3253ci",
      ipAddress: "10.0.0.31",
      color: true,
      duplex: true,
    });
  });

  it("filters by status, part of the name and group (any case); an unknown value is an empty list", async () => {
    expect(await names({ status: "offline" })).toEqual({ names: ["Warehouse"], count: 1 });
    expect(await names({ status: "withIssue" })).toEqual({ names: ["Design studio"], count: 1 });
    expect((await names({ status: "active" })).count).toBe(5);
    expect((await names({ status: "local" })).count).toBe(5);
    expect(await names({ name: "rECEP" })).toEqual({ names: ["Reception"], count: 1 });
    expect(await names({ group: "warehouse" })).toEqual({ names: ["Warehouse"], count: 1 });
    expect(await names({ group: "main building", status: "withIssue" })).toEqual({
      names: ["Design studio"],
      count: 1,
    });
    expect(await names({ status: "broken" })).toEqual({ names: [], count: 0 });
    expect(await names({ name: "%" })).toEqual({ names: [], count: 0 });
    expect(await names({ group: "Nowhere" })).toEqual({ names: [], count: 0 });
  });

  it("pages with limit and start", async () => {
    expect(await names({ limit: 2 })).toEqual({ names: ["Design studio", "Finance MFP"], count: 5 });
    expect(await names({ limit: 2, start: 4 })).toEqual({ names: ["Warehouse"], count: 5 });
    expect(await names({ start: 5 })).toEqual({ names: [], count: 5 });
  });

  it("is for client tokens only: a user token is refused", async () => {
    const res = await call(server, "listPrinters", { token: alice });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("invalid_token_type");
  });
});

describe("GET /v3/printers/{id}", () => {
  it("answers one printer; a missing one is 404", async () => {
    const one = await call(server, "getPrinter", { token: app, params: { id: RECEPTION } });
    expect(one.json).toMatchObject({ id: RECEPTION, name: "Reception", mode: "online" });
    expect((await call(server, "getPrinter", { token: app, params: { id: 99 } })).status).toBe(404);
  });
});

describe("`printers mode`: what a device reports, changed while the server runs", () => {
  it("takes a printer offline and back; a release meanwhile is refused; bad input says the usage", async () => {
    const offline = await server.cli(["printers", "mode", String(RECEPTION), "offline"]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(JSON.parse(offline.stdout)).toEqual({ id: RECEPTION, name: "Reception", mode: "offline" });
    expect((await call(server, "getPrinter", { token: app, params: { id: RECEPTION } })).json.mode).toBe("offline");
    const [job] = (await call(server, "listJobs", { token: alice })).json.jobs as Array<{ id: number }>;
    const refused = await call(server, "releaseJobs", {
      token: alice,
      params: { id: RECEPTION },
      json: { jobIds: [job!.id] },
    });
    expect([refused.status, refused.json.error]).toEqual([409, "printer_unavailable"]);

    expect(JSON.parse((await server.cli(["printers", "mode", String(RECEPTION), "online"])).stdout).mode).toBe(
      "online",
    );
    expect((await call(server, "getPrinter", { token: app, params: { id: RECEPTION } })).json.mode).toBe("online");
    const bads = [["mode", "1", "broken"], ["mode", "x", "online"], ["list"], ["mode", "99", "online"]];
    for (const answer of await Promise.all(bads.map((bad) => server.cli(["printers", ...bad])))) {
      expect(answer.code).toBe(1);
      expect(answer.stderr).toMatch(/Usage: printers mode ID online\|offline\|withIssue|No printer 99/);
    }
    // Six CLI processes: each starts TypeScript anew, slow on a busy machine.
  }, 180_000);
});

describe("GET /v3/printers/{id}/printAll", () => {
  it("lists the user's own waiting jobs, oldest first (the order a print all releases them)", async () => {
    const res = await call(server, "getPrintAll", { token: alice, params: { id: RECEPTION } });
    expect(res.status).toBe(200);
    const ready = (await call(server, "listJobs", { token: alice })).json.jobs as Array<{ id: number }>;
    expect(res.json).toEqual({
      jobs: ready.map((j) => ({ id: j.id, projectId: 0 })).reverse(),
      counters: [3],
      moreJobs: false,
      projectSelected: false,
    });
    const bobs = await call(server, "getPrintAll", { token: bob, params: { id: RECEPTION } });
    expect(bobs.json.counters).toEqual([2]);
    expect(bobs.json.jobs.some((j: { id: number }) => ready.some((r) => r.id === j.id))).toBe(false);
    expect((await call(server, "getPrintAll", { token: alice, params: { id: 99 } })).status).toBe(404);
  });
});
