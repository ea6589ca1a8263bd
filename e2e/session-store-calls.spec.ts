import { decode } from "next-auth/jwt";
import { Redis } from "ioredis";
import { alice, expect, test } from "./fixtures";
import { stack } from "./support/stack-env";

// One session read per request at most, and session writes throttled,
// checked on the real thing: a production portal whose state store is
// Redis, watched with MONITOR. Every page's document request (proxy, layout,
// page, metadata and language all want the session) and every API route
// read the session once; none restarts its idle timer (sign-in did, moments
// ago: the next restart is due in a minute) and none touches the sign-in
// limiter's counters. A token refresh (tokens live 20 s here) reads the
// session once more under its lock: a request that takes the lock may read twice.

const sessionCookieName = "authjs.session-token";

interface Command {
  name: string;
  key: string | undefined;
}

test("pages and API routes read the session once each and do not write it", async ({
  page,
  signInPage,
  homePage,
  clientAddress,
}) => {
  test.setTimeout(120_000);
  const [portal] = stack.sharedPortalUrls() as [string];

  await page.goto(`${portal}/sign-in`);
  await signInPage.signInWithPin(alice.pin);
  await homePage.expectGreeting(alice.fullName);
  const cookie = (await page.context().cookies(portal)).find((c) => c.name === sessionCookieName);
  const claims = await decode({ token: cookie?.value, secret: stack.authSecret(), salt: sessionCookieName });
  const sessionKey = `print-portal:session:${String(claims?.sid)}`;
  const refreshLockKey = `print-portal:lock:refresh:${String(claims?.sid)}`;
  // Only the requests below: the home page's own calls (its data, a prefetch,
  // a session check on a timer) stay out of the count. The page is closed, so
  // it sends nothing more, and the count starts once the session has been
  // left alone for a second (a call sent just before the close may still be
  // answered). The requests below go from the browser context, cookie and all.
  const { request } = page.context();
  await page.close();

  // Both connections ready before MONITOR starts: ioredis reads a command
  // another client sends just as its MONITOR is answered (here, a new
  // connection's INFO) as a reply to nothing and fails ("Command queue state
  // error", as in taskforcesh/bullmq#2505).
  const client = new Redis(stack.redisUrl());
  const marker = new Redis(stack.redisUrl());
  await Promise.all([client.ping(), marker.ping()]);
  const monitor = await client.monitor();
  const seen: Command[] = [];
  let lastSessionCommandAt = Date.now();
  monitor.on("monitor", (_time: string, args: string[]) => {
    seen.push({ name: String(args[0]).toLowerCase(), key: args[1] });
    if (args[1] === sessionKey) lastSessionCommandAt = Date.now();
  });
  await expect.poll(() => Date.now() - lastSessionCommandAt, { timeout: 30_000 }).toBeGreaterThan(1_000);
  // Commands reach MONITOR a little later than the answer: a marker sent
  // after the request closes its slice of the stream.
  let markers = 0;
  async function commandsOf(request: () => Promise<number>): Promise<Command[]> {
    const from = seen.length;
    expect(await request()).toBe(200);
    const label = `end-of-request-${(markers += 1)}`;
    await marker.echo(label);
    await expect.poll(() => seen.some((c) => c.name === "echo" && c.key === label)).toBe(true);
    const until = seen.findIndex((c) => c.name === "echo" && c.key === label);
    return seen.slice(from, until);
  }

  try {
    const paths = [
      "/",
      "/reports",
      "/jobs",
      "/credit",
      "/profile",
      "/devices",
      "/api/me",
      "/api/devices",
      "/api/jobs?list=waiting",
      "/api/session",
    ];
    let writes = 0;
    for (const path of paths) {
      const commands = await commandsOf(async () => (await request.get(`${portal}${path}`)).status());
      const onSession = commands.filter((c) => c.key === sessionKey);
      const reads = onSession.filter((c) => c.name === "get").length;
      const refreshed = commands.some((c) => c.name === "set" && c.key === refreshLockKey);
      const seenText = commands.map((c) => `${c.name} ${c.key ?? ""}`).join("\n");
      expect(reads, `session reads for ${path}:\n${seenText}`).toBe(refreshed ? 2 : 1);
      expect(
        onSession.filter((c) => c.name === "del"),
        `session deleted by ${path}`,
      ).toHaveLength(0);
      writes += onSession.filter((c) => c.name === "expire").length;
      const limiter = commands.filter((c) => c.key?.includes("sign-in-failures") && c.key.includes(clientAddress));
      expect(limiter, `sign-in limiter counters used by ${path}`).toHaveLength(0);
    }
    // The idle timer restarts at most once a minute, not on each request.
    expect(writes).toBeLessThanOrEqual(1);
  } finally {
    monitor.disconnect();
    client.disconnect();
    marker.disconnect();
  }
});
