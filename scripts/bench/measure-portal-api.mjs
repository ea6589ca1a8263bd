// What the portal adds to one print server call, and to a sign-in.
//
// API: GET /api/me makes exactly one print server call (GET /v3/users/{id}
// ?include=aliases with the user's token). The same call is made directly with
// a token of the same user, and the floor (a bare Next.js route handler behind
// a pass-through proxy, answering the same JSON) is loaded alike, with the
// same generator and concurrency; the three take turns, run by run.

import { decodeJwt } from "jose";
import { Agent, fetch, request } from "undici";
import { portalScopes } from "../lib/stack.mjs";
import { BenchError } from "./bench-error.mjs";
import { closedLoopLoad } from "./closed-loop-load.mjs";
import { LOGIN_TYPE } from "./print-server-client.mjs";
import { loadsInTurn } from "./measure-print-server.mjs";
import { loadSignInForm, sessionCookies, signInFields, signInHeaders } from "./portal-session.mjs";
import { elapsedMs, median, percentile, round } from "./stats.mjs";

export const PORTAL_API_ROUTE = "/api/me";
const upstreamPath = (userId) => `/api/v3/users/${userId}?include=aliases`;

/** The JSON the portal's /api/me answers the bench user: what the floor answers too. */
export async function portalMe(portalUrl, cookie) {
  const answer = await fetch(`${portalUrl}${PORTAL_API_ROUTE}`, { headers: { cookie } });
  if (answer.status !== 200) {
    await answer.body?.cancel();
    throw new BenchError(`${PORTAL_API_ROUTE} answered ${answer.status} with the bench session`);
  }
  return answer.json();
}

/** Portal route vs direct call vs the floor, at each concurrency in plan.apiConnections. */
export async function measureApiOverhead({ printServer, ps, portalUrl, floorUrl, cookie, pin, plan }) {
  const token = await ps.userToken({ type: LOGIN_TYPE.pin, pin });
  const userId = Number(decodeJwt(token).sub);
  if (!Number.isInteger(userId)) throw new BenchError("the user token has no numeric subject");

  const targets = {
    direct: {
      origin: printServer.url,
      caPem: printServer.caPem,
      path: upstreamPath(userId),
      headers: { authorization: `Bearer ${token}` },
    },
    // The same request as the portal's, cookie and all, which the floor ignores.
    floor: { origin: floorUrl, path: PORTAL_API_ROUTE, headers: { cookie } },
    portal: { origin: portalUrl, path: PORTAL_API_ROUTE, headers: { cookie } },
  };
  const settle = await settleLoads(targets, plan.apiSettleRequests);
  const levels = [];
  for (const connections of plan.apiConnections) {
    const common = { connections, durationMs: plan.loadMs, warmupMs: plan.warmupMs };
    const { direct, floor, portal } = await loadsInTurn(
      Object.fromEntries(Object.entries(targets).map(([name, target]) => [name, { ...target, ...common }])),
      plan.runs,
    );
    levels.push({
      connections,
      direct,
      floor,
      portal,
      shareOfFloor: floor.requestsPerSecond ? round(portal.requestsPerSecond / floor.requestsPerSecond, 3) : undefined,
      overheadP50Ms: round(portal.p50Ms - direct.p50Ms, 2),
      overheadP99Ms: round(portal.p99Ms - direct.p99Ms, 2),
    });
  }
  return { route: PORTAL_API_ROUTE, upstream: "GET /api/v3/users/{id}?include=aliases", settle, levels };
}

/**
 * Before the measured loads, each target answers `requests` of the same
 * requests at one connection (for at most a minute), not counted: a
 * process's first few thousand requests of a route run code V8 has not
 * optimised yet. In scratch runs of 2026-11-29 the portal's p50 fell from
 * about 3.6 to 2.0 ms over its first 3,000 requests of /api/me, the floor's,
 * with less code, from 1.8 to 1.1 ms: measured from their start, much of the
 * overhead shown was the JIT's, not what a portal in service adds. A count,
 * not a time: on a slow machine a time would settle it less. Answers each
 * target's p50 over those requests, what a freshly started process gives.
 */
async function settleLoads(targets, requests) {
  const settle = { requests };
  for (const [name, target] of Object.entries(targets)) {
    const load = await closedLoopLoad({
      ...target,
      connections: 1,
      warmupMs: 0,
      durationMs: 60_000,
      maxRequests: requests,
    });
    if (load.non2xx + load.errors > 0)
      throw new BenchError(`${name} failed ${load.non2xx + load.errors} of ${load.requests} requests while settling`);
    settle[name] = { p50Ms: load.p50Ms, requests: load.requests };
  }
  return settle;
}

/**
 * One POST, its answer read to the end (the connection is then free for the
 * next). The token call and both form posts go through this one client, so
 * that their differences are the servers' work. Before, the form posts went
 * through the global fetch and the token call through undici's fetch with a
 * zod check; each cost more than this, by different amounts (about a
 * millisecond a call on this machine), which counted as the portal's.
 */
async function post(url, { dispatcher, headers, body }) {
  const answer = await request(url, { method: "POST", headers, body, dispatcher });
  await answer.body.arrayBuffer();
  return answer;
}

/**
 * Sequential PIN sign-ins, in turns: the login_info token call alone, with
 * the portal's scopes (offline.access too, so both store a refresh token);
 * the portal's sign-in form posted as a browser without JavaScript posts it
 * (portal-session.mjs); and the same form posted to the floor's sign-in
 * route, which makes the same token call and sets a cookie, nothing else
 * (floor-app/app/api/sign-in): what any Next.js route adds to a sign-in.
 */
export async function measureSignIn({ ps, portalUrl, floorUrl, pin, rounds }) {
  const form = await loadSignInForm(portalUrl);
  if (form.multipart) throw new BenchError("the sign-in form is multipart; the sign-in route takes urlencoded forms");
  const formPost = {
    dispatcher: new Agent({ connections: 1 }),
    headers: { "content-type": "application/x-www-form-urlencoded", ...signInHeaders(portalUrl, form) },
    body: new URLSearchParams(signInFields(form, { method: "pin", pin })).toString(),
  };
  const tokenCall = {
    dispatcher: ps.dispatcher,
    headers: { "content-type": "application/json" },
    body: ps.tokenRequestBody({
      grant_type: "login_info",
      login_info: { type: LOGIN_TYPE.pin, pin },
      scope: portalScopes,
    }),
  };
  const signIns = {
    direct: { url: `${ps.base}/api/auth/token`, call: tokenCall, succeeded: (answer) => answer.statusCode === 200 },
    portal: { url: form.url, call: formPost, succeeded: signedIn },
    floor: { url: `${floorUrl}/api/sign-in`, call: formPost, succeeded: signedIn },
  };
  const times = { direct: [], portal: [], floor: [] };
  // Round -1, not counted, is one of each first: route code loading and TLS
  // set-up are not what a person waits for every time.
  for (let i = -1; i < rounds; i++) {
    for (const [name, { url, call, succeeded }] of Object.entries(signIns)) {
      const started = process.hrtime.bigint();
      const answer = await post(url, call);
      const ms = elapsedMs(started);
      if (!succeeded(answer)) throw new BenchError(`the ${name} sign-in answered ${answer.statusCode}`);
      if (i >= 0) times[name].push(ms);
    }
  }
  await formPost.dispatcher.close();
  const { direct, portal, floor } = times;
  return {
    rounds,
    portalMs: round(median(portal), 1),
    portalP90Ms: round(percentile(portal, 90), 1),
    loginInfoMs: round(median(direct), 1),
    loginInfoP90Ms: round(percentile(direct, 90), 1),
    floorMs: round(median(floor), 1),
    floorP90Ms: round(percentile(floor, 90), 1),
    floorOverheadMs: round(median(floor) - median(direct), 1),
    overheadMs: round(median(portal) - median(direct), 1),
  };
}

/** A form sign-in's success: a 303 that sets the session cookie. */
function signedIn(answer) {
  return sessionCookies(answer.statusCode, [answer.headers["set-cookie"] ?? []].flat()).length > 0;
}
