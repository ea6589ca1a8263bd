// GET /api/me at 50 sessions against the floor's route (a bare Next.js route
// handler answering the same JSON), and sign-in against the direct token call.
//
// /api/me is loaded two ways, the portal and the floor in turns, run by run:
// - flat out: 50 connections, each asking again as soon as it has its answer,
//   which gives the most the server answers per second;
// - paced: 50 sessions, each pausing after every answer (half a second on
//   average, a busy person's pace), which gives the latency people see while
//   the server is busy but not overrun. In a flat-out loop the latency is
//   only the concurrency over the throughput (Little's law), so its p95 would
//   repeat the throughput budget.

import { Agent, fetch, request } from "undici";
import { portalScopes } from "../lib/stack.mjs";
import { BenchError } from "./bench-error.mjs";
import { LOGIN_TYPE } from "./print-server-client.mjs";
import { loadsInTurn } from "./measure-print-server.mjs";
import { loadSignInForm, sessionCookies, signInFields, signInHeaders, signInToPortal } from "./portal-session.mjs";
import { elapsedMs, median, percentile, round } from "./stats.mjs";

export const PORTAL_API_ROUTE = "/api/me";
export const SESSIONS = 50;

/** The JSON the portal's /api/me answers the bench user: what the floor answers too. */
export async function portalMe(portalUrl, cookie) {
  const answer = await fetch(`${portalUrl}${PORTAL_API_ROUTE}`, { headers: { cookie } });
  if (answer.status !== 200) {
    await answer.body?.cancel();
    throw new BenchError(`${PORTAL_API_ROUTE} answered ${answer.status} with the bench session`);
  }
  return answer.json();
}

/** `count` portal sessions, one per scale user from the first on (PINs from `pinOf`). */
export async function signInSessions(portalUrl, count, pinOf) {
  const cookies = [];
  for (let n = 1; n <= count; n++) cookies.push(await signInToPortal(portalUrl, { method: "pin", pin: pinOf(n) }));
  return cookies;
}

/** /api/me through the portal vs the floor's, flat out and paced, at SESSIONS sessions. */
export async function measureApi({ portalUrl, floorUrl, cookies, plan }) {
  const sessions = cookies.map((cookie) => ({ cookie }));
  const target = (origin) => ({ origin, path: PORTAL_API_ROUTE, sessions, connections: sessions.length });
  const flatOut = await loadsInTurn(
    {
      floor: { ...target(floorUrl), durationMs: plan.loadMs, warmupMs: plan.warmupMs },
      portal: { ...target(portalUrl), durationMs: plan.loadMs, warmupMs: plan.warmupMs },
    },
    plan.runs,
  );
  const paced = await loadsInTurn(
    {
      floor: { ...target(floorUrl), durationMs: plan.pacedMs, warmupMs: plan.warmupMs, thinkMs: plan.thinkMs },
      portal: { ...target(portalUrl), durationMs: plan.pacedMs, warmupMs: plan.warmupMs, thinkMs: plan.thinkMs },
    },
    plan.runs,
  );
  return { route: PORTAL_API_ROUTE, sessions: sessions.length, thinkMs: plan.thinkMs, flatOut, paced };
}

/** One POST, its answer read to the end (the connection is then free for the next). */
async function post(url, { dispatcher, headers, body }) {
  const answer = await request(url, { method: "POST", headers, body, dispatcher });
  await answer.body.arrayBuffer();
  return answer;
}

/** A form sign-in's success: a redirect that sets the session cookie. */
function signedIn(answer) {
  return sessionCookies(answer.statusCode, [answer.headers["set-cookie"] ?? []].flat()).length > 0;
}

const summary = (times) => ({
  p50Ms: round(median(times), 1),
  p95Ms: round(percentile(times, 95), 1),
});

/**
 * Sequential sign-ins of one kind, in turns: the login_info token call alone,
 * with the portal's scopes, then the portal's sign-in form posted as a browser
 * without JavaScript posts it (portal-session.mjs), through one client.
 */
async function signInsOfOneKind({ ps, form, formDispatcher, portalUrl, credentials, loginInfo, rounds }) {
  const formPost = {
    dispatcher: formDispatcher,
    headers: { "content-type": "application/x-www-form-urlencoded", ...signInHeaders(portalUrl, form) },
    body: new URLSearchParams(signInFields(form, credentials)).toString(),
  };
  const tokenCall = {
    dispatcher: ps.dispatcher,
    headers: { "content-type": "application/json" },
    body: ps.tokenRequestBody({ grant_type: "login_info", login_info: loginInfo, scope: portalScopes }),
  };
  const ways = {
    direct: { url: `${ps.base}/api/auth/token`, call: tokenCall, succeeded: (answer) => answer.statusCode === 200 },
    portal: { url: form.url, call: formPost, succeeded: signedIn },
  };
  const times = { direct: [], portal: [] };
  // Round -1, not counted, is one of each first: route code loading and TLS set-up.
  for (let i = -1; i < rounds; i++) {
    for (const [name, { url, call, succeeded }] of Object.entries(ways)) {
      const started = process.hrtime.bigint();
      const answer = await post(url, call);
      const ms = elapsedMs(started);
      if (!succeeded(answer)) throw new BenchError(`the ${name} sign-in answered ${answer.statusCode}`);
      if (i >= 0) times[name].push(ms);
    }
  }
  return { rounds, direct: summary(times.direct), portal: summary(times.portal) };
}

/** Sign-in by PIN (a scale user) and by user name and password (the manager), each against its token call. */
export async function measureSignIn({ ps, portalUrl, pin, user, rounds }) {
  const form = await loadSignInForm(portalUrl);
  if (form.multipart) throw new BenchError("the sign-in form is multipart; the bench posts urlencoded forms");
  const formDispatcher = new Agent({ connections: 1 });
  try {
    const common = { ps, form, formDispatcher, portalUrl, rounds };
    return {
      pin: await signInsOfOneKind({
        ...common,
        credentials: { method: "pin", pin },
        loginInfo: { type: LOGIN_TYPE.pin, pin },
      }),
      password: await signInsOfOneKind({
        ...common,
        credentials: { method: "password", username: user.user, password: user.pwd },
        loginInfo: { type: LOGIN_TYPE.password, user: user.user, pwd: user.pwd },
      }),
    };
  } finally {
    await formDispatcher.close();
  }
}
