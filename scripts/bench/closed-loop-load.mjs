// A closed-loop load generator on undici: `connections` callers, each sending
// its next request once the previous answer is read (and, with `thinkMs`,
// after a pause as a person's next click comes), for a fixed time.
//
// Why not autocannon: its TLS client always switches certificate verification off,
// and the print server must only be called with its CA verified. undici
// verifies against the pinned CA (connect.ca), and the same generator drives
// the plain-HTTP portal, so both sides see exactly the same load.

import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";
import { elapsedMs, percentile, round } from "./stats.mjs";

/**
 * @param {object} options
 * @param {string} options.origin  e.g. https://127.0.0.1:8090
 * @param {string} options.path
 * @param {string} [options.method]
 * @param {Record<string, string>} [options.headers]
 * @param {Array<Record<string, string>>} [options.sessions] headers per caller (caller i sends sessions[i % length]), added to `headers`
 * @param {number} [options.thinkMs]    mean pause after each answer (uniform from half to one and a half times it)
 * @param {string} [options.body]
 * @param {number} options.connections
 * @param {number} options.durationMs   measured time
 * @param {number} [options.warmupMs]   load before measuring (JIT, connection set-up)
 * @param {number} [options.maxRequests] a bound on measured requests
 * @param {string} [options.caPem]      CA to trust for https origins
 */
export async function closedLoopLoad({
  origin,
  path,
  method = "GET",
  headers = {},
  sessions = [{}],
  thinkMs = 0,
  body,
  connections,
  durationMs,
  warmupMs = 1000,
  maxRequests = 200_000,
  caPem,
}) {
  const pool = new Pool(origin, {
    connections,
    pipelining: 1,
    ...(caPem ? { connect: { ca: caPem } } : {}),
  });
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  let measuring = false;
  let stopAt = Date.now() + warmupMs + durationMs;
  let measureStart = 0n;

  async function caller(index) {
    const own = { ...headers, ...sessions[index % sessions.length] };
    while (Date.now() < stopAt && latencies.length < maxRequests) {
      if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
      if (Date.now() >= stopAt) break;
      const started = process.hrtime.bigint();
      try {
        const answer = await pool.request({ path, method, headers: own, body });
        await answer.body.text();
        if (!measuring) continue;
        latencies.push(elapsedMs(started));
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      } catch {
        if (measuring) errors += 1;
      }
    }
  }

  const warmupTimer = setTimeout(() => {
    measuring = true;
    measureStart = process.hrtime.bigint();
  }, warmupMs);
  await Promise.all(Array.from({ length: connections }, (_, index) => caller(index)));
  clearTimeout(warmupTimer);
  const measuredMs = measureStart === 0n ? 0 : elapsedMs(measureStart);
  stopAt = 0;
  await pool.close();

  const ok = [...statuses].filter(([code]) => code >= 200 && code < 300).reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: latencies.length,
    non2xx: latencies.length - ok,
    errors,
    statuses: Object.fromEntries(statuses),
    requestsPerSecond: measuredMs > 0 ? round((latencies.length / measuredMs) * 1000, 0) : undefined,
    p50Ms: round(percentile(latencies, 50), 2),
    p95Ms: round(percentile(latencies, 95), 2),
    p99Ms: round(percentile(latencies, 99), 2),
  };
}
