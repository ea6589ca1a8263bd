import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedLoopLoad } from "./closed-loop-load.mjs";

describe("closedLoopLoad", () => {
  const seen = new Map();
  let server;
  let origin;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.set(req.headers.cookie, (seen.get(req.headers.cookie) ?? 0) + 1);
      if (req.headers.cookie === "session=broken") res.statusCode = 500;
      res.end("{}");
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("sends each caller's own session and answers the p50, p95 and p99", async () => {
    seen.clear();
    const sessions = ["a", "b", "c"].map((name) => ({ cookie: `session=${name}` }));
    const load = await closedLoopLoad({ origin, path: "/", sessions, connections: 3, durationMs: 300, warmupMs: 0 });
    expect([...seen.keys()].sort()).toEqual(["session=a", "session=b", "session=c"]);
    expect(load.non2xx + load.errors).toBe(0);
    expect(load.p50Ms).toBeLessThanOrEqual(load.p95Ms);
    expect(load.p95Ms).toBeLessThanOrEqual(load.p99Ms);
  });

  it("pauses after each answer when asked to, as people do between clicks", async () => {
    const common = {
      origin,
      path: "/",
      sessions: [{ cookie: "session=a" }],
      connections: 2,
      durationMs: 400,
      warmupMs: 0,
    };
    const flatOut = await closedLoopLoad(common);
    const paced = await closedLoopLoad({ ...common, thinkMs: 100 });
    // Two callers, each at most one request per 50 ms of pause over 400 ms.
    expect(paced.requests).toBeLessThanOrEqual(2 * (400 / 50 + 1));
    expect(paced.requests).toBeLessThan(flatOut.requests);
  });

  it("counts answers that are not 2xx", async () => {
    const load = await closedLoopLoad({
      origin,
      path: "/",
      sessions: [{ cookie: "session=broken" }],
      connections: 1,
      durationMs: 100,
      warmupMs: 0,
    });
    expect(load.non2xx).toBe(load.requests);
    expect(load.requests).toBeGreaterThan(0);
  });
});
