// The Jobs page of the scale user, whose 2,000 jobs wait for release
// (seed-scale.ts, SCALE_JOBS), and a release round trip:
//
// - time to first list: Chromium opens /jobs signed in (a new context each
//   run, so nothing is cached) until the first waiting job is on screen,
//   from the navigation's start (performance.now() in the page);
// - the list's first page: GET /api/jobs?list=waiting through the portal vs
//   GET /v3/jobs?state=ready&limit=50 direct, sequential requests in turns,
//   after the API measures' warm-up (the bench's `warmupMs` of the same calls);
// - a release: POST /api/jobs/release through the portal vs POST
//   /v3/printers/{id}/jobs/release direct, in turns, each releasing one job of its own,
//   from the request to the 202 (the printing itself is the simulator's); one
//   of each first, not more: each release uses up one of the waiting jobs.
//
// The page's first-load JavaScript and Lighthouse scores are the pages
// measures' (pages.mjs lists /jobs; the bench user is the same scale user).

import { randomUUID } from "node:crypto";
import { chromium } from "@playwright/test";
import { decodeJwt } from "jose";
import { fetch } from "undici";
import { BenchError } from "./bench-error.mjs";
import { chromiumArgs, chromiumPath, cookieObjects } from "./chromium.mjs";
import { LOGIN_TYPE } from "./print-server-client.mjs";
import { elapsedMs, median, percentile, round } from "./stats.mjs";

const JOBS_SCOPES = "users jobs";
const PAGE_SIZE = 50;
/** What the bench adds to the scale user's credit before releasing, so no release is refused for money. */
const TOP_UP = 500;

/** ms from the navigation's start until the first waiting job is on screen; and how many the list shows. */
async function firstListOnce(browser, portalUrl, cookie) {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookieObjects(cookie, portalUrl));
    const tab = await context.newPage();
    await tab.goto(`${portalUrl}/jobs`, { waitUntil: "commit" });
    const handle = await tab.waitForFunction(
      () => {
        const rows = document.querySelectorAll('ul[aria-labelledby="jobs-waiting"] > li');
        return rows.length > 0 ? { ms: performance.now(), rows: rows.length } : false;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    );
    const value = await handle.jsonValue();
    if (new URL(tab.url()).pathname !== "/jobs") throw new BenchError(`/jobs ended at ${new URL(tab.url()).pathname}`);
    return value;
  } finally {
    await context.close();
  }
}

export async function measureJobsFirstList({ portalUrl, cookie, runs }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // One load first: the portal's route code and the browser's start are not what a person waits for.
    await firstListOnce(browser, portalUrl, cookie);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await firstListOnce(browser, portalUrl, cookie));
    const rows = Math.min(...samples.map((s) => s.rows));
    if (rows !== PAGE_SIZE) throw new BenchError(`/jobs listed ${rows} waiting jobs, not the first ${PAGE_SIZE}`);
    return { runs, firstListMs: round(median(samples.map((s) => s.ms)), 0), rows };
  } finally {
    await browser.close();
  }
}

/**
 * Sequential timed calls of each named way, taking turns and alternating
 * which goes first: the two ways of a release meet the same print server
 * state and the same machine, where a block of one after a block of the other
 * saw the print server's work drift by more than the budget. Before them, not
 * counted: one call of each, and more in turns until `warmupMs` has passed
 * (the portal's route code compiled, as the API measures' warm-up does).
 * Answers each way's median and p90 in ms.
 */
async function timedInTurns(rounds, callsByName, { warmupMs = 0 } = {}) {
  const names = Object.keys(callsByName);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  const warmUntil = Date.now() + warmupMs;
  do {
    for (const name of names) await callsByName[name]();
  } while (Date.now() < warmUntil);
  for (let i = 0; i < rounds; i++) {
    for (const name of i % 2 === 0 ? names : [...names].reverse()) {
      const started = process.hrtime.bigint();
      await callsByName[name]();
      samples[name].push(elapsedMs(started));
    }
  }
  return Object.fromEntries(
    names.map((name) => [
      name,
      { ms: round(median(samples[name]), 1), p90Ms: round(percentile(samples[name], 90), 1) },
    ]),
  );
}

async function expectStatus(response, status, what) {
  const text = await response.text();
  if (response.status !== status) throw new BenchError(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Adds credit to the user through MyQ's External provider (the bench's client has "Manage payments"). */
async function topUp(ps, userId) {
  const token = await ps.clientToken();
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const created = await expectStatus(
    await fetch(`${ps.base}/api/v3/rechargeProviders/external/payments`, {
      method: "POST",
      headers,
      body: JSON.stringify({ userId, description: "Bench: releases", params: { amount: TOP_UP } }),
      dispatcher: ps.dispatcher,
    }),
    201,
    "creating the bench's credit payment",
  );
  await expectStatus(
    await fetch(`${ps.base}/api/v3/rechargeProviders/external/payments/${created.id}/commit`, {
      method: "POST",
      headers,
      dispatcher: ps.dispatcher,
    }),
    200,
    "committing the bench's credit payment",
  );
}

/**
 * The list's first page and a release, through the portal vs direct. Each
 * release takes one waiting job of the scale user (2 per round and one of
 * each to warm up), so a run uses up a few dozen of the 2,000; the print
 * server tops them up at its next start.
 */
export async function measureJobsApi({ ps, portalUrl, cookie, pin, rounds, warmupMs }) {
  const token = await ps.userToken({ type: LOGIN_TYPE.pin, pin }, JOBS_SCOPES);
  const userId = Number(decodeJwt(token).sub);
  if (!Number.isInteger(userId)) throw new BenchError("the user token has no numeric subject");
  const bearer = { authorization: `Bearer ${token}` };
  const portal = { cookie, origin: new URL(portalUrl).origin };

  const list = await timedInTurns(
    rounds,
    {
      portal: async () =>
        expectStatus(await fetch(`${portalUrl}/api/jobs?list=waiting&start=0`, { headers: portal }), 200, "/api/jobs"),
      direct: async () =>
        expectStatus(
          await fetch(`${ps.base}/api/v3/jobs?state=ready&start=0&limit=${PAGE_SIZE}`, {
            headers: bearer,
            dispatcher: ps.dispatcher,
          }),
          200,
          "GET /v3/jobs",
        ),
    },
    { warmupMs },
  );

  const printers = await expectStatus(
    await fetch(`${portalUrl}/api/printers`, { headers: portal }),
    200,
    "/api/printers",
  );
  const printer = printers.printers.find((p) => p.problem === null);
  if (!printer) throw new BenchError("no printer of the scale organisation can print");
  const waiting = await expectStatus(
    await fetch(`${ps.base}/api/v3/jobs?state=ready&start=0&limit=${2 * rounds + 2}`, {
      headers: bearer,
      dispatcher: ps.dispatcher,
    }),
    200,
    "GET /v3/jobs",
  );
  const ids = waiting.jobs.map((job) => job.id);
  if (ids.length < 2 * rounds + 2) throw new BenchError(`the scale user has only ${ids.length} jobs waiting`);
  await topUp(ps, userId);
  const next = () => ids.shift();

  const release = await timedInTurns(rounds, {
    portal: async () =>
      expectStatus(
        await fetch(`${portalUrl}/api/jobs/release`, {
          method: "POST",
          headers: { ...portal, "content-type": "application/json" },
          body: JSON.stringify({ printerId: printer.id, jobIds: [next()], key: randomUUID() }),
        }),
        202,
        "POST /api/jobs/release",
      ),
    direct: async () =>
      expectStatus(
        await fetch(`${ps.base}/api/v3/printers/${printer.id}/jobs/release`, {
          method: "POST",
          headers: { ...bearer, "content-type": "application/json", "idempotency-key": randomUUID() },
          body: JSON.stringify({ jobIds: [next()] }),
          dispatcher: ps.dispatcher,
        }),
        202,
        "POST /v3/printers/{id}/jobs/release",
      ),
  });
  return {
    rounds,
    list: { ...list, overheadMs: round(list.portal.ms - list.direct.ms, 1) },
    release: { ...release, overheadMs: round(release.portal.ms - release.direct.ms, 1) },
  };
}
