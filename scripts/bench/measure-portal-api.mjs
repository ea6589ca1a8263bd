// What the portal adds to one print server call, and to a sign-in.
//
// API: GET /api/me makes exactly one print server call (GET /v3/users/{id}
// ?include=aliases with the user's token). The same call is made directly with
// a token of the same user, and the floor (a bare Next.js route handler behind
// a pass-through proxy, answering the same JSON) is loaded alike, with the
// same generator and concurrency; the three take turns, run by run.

import { decodeJwt } from "jose";
import { fetch } from "undici";
import { portalScopes } from "../lib/stack.mjs";
import { BenchError } from "./bench-error.mjs";
import { LOGIN_TYPE } from "./print-server-client.mjs";
import { loadsInTurn } from "./measure-print-server.mjs";
import { loadSignInForm, postSignIn } from "./portal-session.mjs";
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

  const levels = [];
  for (const connections of plan.apiConnections) {
    const common = { connections, durationMs: plan.loadMs, warmupMs: plan.warmupMs };
    const { direct, floor, portal } = await loadsInTurn(
      {
        direct: {
          ...common,
          origin: printServer.url,
          caPem: printServer.caPem,
          path: upstreamPath(userId),
          headers: { authorization: `Bearer ${token}` },
        },
        // The same request as the portal's, cookie and all, which the floor ignores.
        floor: { ...common, origin: floorUrl, path: PORTAL_API_ROUTE, headers: { cookie } },
        portal: { ...common, origin: portalUrl, path: PORTAL_API_ROUTE, headers: { cookie } },
      },
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
  return { route: PORTAL_API_ROUTE, upstream: "GET /api/v3/users/{id}?include=aliases", levels };
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
  const floorForm = { ...form, url: `${floorUrl}/api/sign-in` };
  const credentials = { method: "pin", pin };
  const portal = [];
  const direct = [];
  const floor = [];
  // One of each first: route code loading and TLS set-up are not what a person waits for every time.
  await postSignIn(portalUrl, form, credentials);
  await ps.userToken({ type: LOGIN_TYPE.pin, pin }, portalScopes);
  await postSignIn(floorUrl, floorForm, credentials);
  for (let i = 0; i < rounds; i++) {
    let started = process.hrtime.bigint();
    await ps.userToken({ type: LOGIN_TYPE.pin, pin }, portalScopes);
    direct.push(elapsedMs(started));
    started = process.hrtime.bigint();
    await postSignIn(portalUrl, form, credentials);
    portal.push(elapsedMs(started));
    started = process.hrtime.bigint();
    await postSignIn(floorUrl, floorForm, credentials);
    floor.push(elapsedMs(started));
  }
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
