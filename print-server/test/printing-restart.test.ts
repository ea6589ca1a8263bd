import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { call } from "./support/openapi-client.js";
import { creditBalance } from "./support/credit.js";
import { pollUntil } from "./support/poll.js";
import { newDataDir, removeDataDir, startPrintServer, type PrintServer } from "./support/print-server-process.js";
import { accessToken, ALICE, BOB, userToken } from "./support/tokens.js";

/**
 * The real server over HTTPS: the same release sent twice at once and 40 times
 * in parallel, then the server killed while those jobs print. Jobs left
 * printing finish after the restart (they are not put back to ready), each
 * printed and charged exactly once.
 */
const dataDir = newDataDir();
const running = new Set<PrintServer>();

const stop = (server: PrintServer, signal?: NodeJS.Signals) => {
  running.delete(server);
  return server.stop(signal);
};

afterAll(async () => {
  // Only what a failed test left running.
  for (const server of running) await stop(server, "SIGKILL");
  removeDataDir(dataDir);
});

const RECEPTION = 1;
const FINANCE = 2;

it("prints and charges a job once however often it is released at once, and across a kill -9 mid-printing", async () => {
  // Ten seconds a job: every request below arrives while the job is still printing.
  const first = await startPrintServer({ dataDir, env: { PRINT_SERVER_PRINT_JOB_MS: "10000" } });
  running.add(first);
  const client = await first.registerClient("jobs credit");
  const alice = await accessToken(await userToken(first, client, "jobs credit", { type: 2, pin: ALICE.pin }));
  const bob = await accessToken(await userToken(first, client, "jobs credit", { type: 2, pin: BOB.pin }));
  const idOf = async (token: string, name: string) =>
    ((await call(first, "listJobs", { token })).json.jobs as Array<{ id: number; name: string }>).find(
      (j) => j.name === name,
    )!.id;
  const boarding = await idOf(alice, "Boarding pass.pdf");
  const site = await idOf(bob, "Site plan.pdf");

  const twice = await Promise.all(
    [RECEPTION, FINANCE].map((printer) =>
      call(first, "releaseJobs", { token: alice, params: { id: printer }, json: { jobIds: [boarding] } }),
    ),
  );
  expect(twice.map((r) => r.status).sort()).toEqual([202, 409]);
  const forty = await Promise.all(
    Array.from({ length: 40 }, () =>
      call(first, "releaseJobs", { token: bob, params: { id: FINANCE }, json: { jobIds: [site] } }),
    ),
  );
  expect(forty.filter((r) => r.status === 202)).toHaveLength(1);
  expect(forty.filter((r) => r.status === 409 && r.json.error === "job_not_ready")).toHaveLength(39);
  expect((await call(first, "getJobState", { token: bob, params: { id: site } })).json.state).toBe("processing");

  await stop(first, "SIGKILL");
  const second = await startPrintServer({ dataDir });
  running.add(second);
  // The tokens survive the restart (the signing key is in the data folder).
  for (const [token, id] of [
    [alice, boarding],
    [bob, site],
  ] as const) {
    await pollUntil(async () => {
      const { json } = await call(second, "getJobState", { token, params: { id } });
      expect(["processing", "printed"]).toContain(json.state);
      return json.state === "printed" ? true : undefined;
    }, 250);
  }
  const balances = await Promise.all([creditBalance(second, alice, ALICE.id), creditBalance(second, bob, BOB.id)]);
  expect(balances).toEqual([25.45, 3.07]);
  await stop(second);

  const db = new Database(path.join(dataDir, "print-server.db"), { readonly: true });
  try {
    const charges = db
      .prepare(
        "SELECT job_id, amount_cents FROM credit_ledger WHERE kind = 'charge' AND job_id IN (?, ?) ORDER BY job_id",
      )
      .all(boarding, site);
    expect(charges).toEqual(
      [
        { job_id: boarding, amount_cents: -5 },
        { job_id: site, amount_cents: -13 },
      ].sort((a, b) => a.job_id - b.job_id),
    );
    expect(db.prepare("SELECT count(*) FROM job_releases").pluck().get()).toBe(0);
  } finally {
    db.close();
  }
  // Two server starts, a kill and 42 releases over HTTPS: slow on a busy 2-core machine.
}, 180_000);
