import { randomUUID } from "node:crypto";
import type { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrintServerAlone, type PrintServerAlone } from "@/scripts/test-support/print-server-alone";
import { getAccountBalance } from "./accounts";
import { createAgent, createPrintServerApi, type PrintServerApi } from "./api-client";
import { listJobs, releaseJobs } from "./jobs";
import { userFromAccessToken } from "./token-claims";
import { signInUser } from "./token-endpoint";

// Options at release, through the portal's print server client against the
// real print server over HTTPS (its CA trusted, verification on): what the
// person changed reaches the server as MyQ's releaseOptions, and the server
// prints, and charges, what they chose.

const RECEPTION = 1;
let server: PrintServerAlone;
let agent: Agent;
let api: PrintServerApi;

beforeAll(async () => {
  // Printers that print in a fraction of a second.
  server = await startPrintServerAlone({ PRINT_SERVER_PRINT_JOB_MS: "200", PRINT_SERVER_PRINT_PAGE_MS: "10" });
  agent = createAgent(server.caPem, 15_000);
  api = createPrintServerApi({ baseUrl: server.url, timeoutMs: 15_000, dispatcher: agent });
}, 120_000);

afterAll(async () => {
  await agent?.close();
  await server?.close();
});

async function signInBob() {
  const deps = { api, ...server.client, scopes: "users credit jobs" };
  const { accessToken } = await signInUser({ method: "pin", pin: "314159" }, undefined, deps);
  return { token: accessToken, userId: userFromAccessToken(accessToken).userId };
}

/** The job once printed (its print history has older jobs of the same name). */
async function printedJob(token: string, id: number) {
  for (let tries = 0; tries < 100; tries++) {
    const found = (await listJobs(token, "printed", { start: 0, limit: 50 }, api)).jobs.find((j) => j.id === id);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not print`);
}

describe("release options against the print server", { timeout: 60_000 }, () => {
  it("two copies one-sided of a two-sided job: printed and charged as chosen", async () => {
    const { token, userId } = await signInBob();
    const waiting = (await listJobs(token, "waiting", { start: 0, limit: 50 }, api)).jobs;
    // 3 mono pages, two-sided: 0.13 as sent.
    const sitePlan = waiting.find((job) => job.name === "Site plan.pdf");
    expect(sitePlan).toMatchObject({ pages: 3, copies: 1, duplex: true, color: false, cost: 0.13 });
    const before = await getAccountBalance(token, userId, "internalaccount", api);

    const released = await releaseJobs(
      token,
      {
        printerId: RECEPTION,
        jobIds: [sitePlan!.id],
        idempotencyKey: randomUUID(),
        options: { copies: 2, sides: "one" },
      },
      api,
    );
    expect(released).toEqual([sitePlan!.id]);

    // 2 copies of 3 mono pages, one-sided: 0.30.
    expect(await printedJob(token, sitePlan!.id)).toMatchObject({ copies: 2, duplex: false, cost: 0.3 });
    expect(await getAccountBalance(token, userId, "internalaccount", api)).toBeCloseTo(before - 0.3, 10);
  });

  it("no options: the job prints as sent", async () => {
    const { token, userId } = await signInBob();
    const sheet = (await listJobs(token, "waiting", { start: 0, limit: 50 }, api)).jobs.find(
      (job) => job.name === "Timesheet.xlsx",
    );
    const before = await getAccountBalance(token, userId, "internalaccount", api);
    await releaseJobs(token, { printerId: RECEPTION, jobIds: [sheet!.id], idempotencyKey: randomUUID() }, api);
    expect(await printedJob(token, sheet!.id)).toMatchObject({ copies: 1, duplex: false, cost: 0.05 });
    expect(await getAccountBalance(token, userId, "internalaccount", api)).toBeCloseTo(before - 0.05, 10);
  });
});
