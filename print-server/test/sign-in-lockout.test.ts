import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredClient } from "./support/api-target.js";
import { buildTestApp, type TestApp } from "./support/test-app.js";
import { ALICE, BOB, CAROL, userToken } from "./support/tokens.js";

let server: TestApp;
let portal: RegisteredClient;
let plain: RegisteredClient;

beforeAll(async () => {
  server = await buildTestApp();
  portal = await server.registerClient("users reports", { title: "Portal", forwardsUserAddress: true });
  plain = await server.registerClient("users reports", { title: "Kiosk" });
});

afterAll(async () => {
  await server.close();
});

const from = (address: string) => ({ "x-forwarded-for": address });

describe("failed sign-in limits", () => {
  it("locks a user after 5 failures in the window, with 429 and Retry-After, even for the right password", async () => {
    for (let i = 0; i < 5; i++) {
      // A different end-user address each time, so only the per-user limit applies.
      const res = await userToken(
        server,
        portal,
        "users",
        { type: 3, user: "carol", pwd: `wrong-${i}` },
        from(`198.51.100.${i + 1}`),
      );
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("invalid_grant");
    }
    const locked = await userToken(
      server,
      portal,
      "users",
      { type: 3, user: "carol", pwd: CAROL.password },
      from("198.51.100.99"),
    );
    expect(locked.status).toBe(429);
    expect(locked.json.error).toBe("too_many_requests");
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it("never unlocks a locked user through another user's success", async () => {
    const bob = await userToken(server, portal, "users", { type: 2, pin: BOB.pin }, from("198.51.100.1"));
    expect(bob.status).toBe(200);
    const carol = await userToken(
      server,
      portal,
      "users",
      { type: 3, user: "carol", pwd: CAROL.password },
      from("198.51.100.1"),
    );
    expect(carol.status).toBe(429);
  });

  it("locks a source address after 10 failures, for every user, while other addresses go on", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await userToken(server, portal, "users", { type: 2, pin: `99999${i}` }, from("203.0.113.7"));
      expect(res.status).toBe(400);
    }
    const locked = await userToken(server, portal, "users", { type: 2, pin: ALICE.pin }, from("203.0.113.7"));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // One person's failures behind the portal do not lock out the next person.
    const neighbour = await userToken(server, portal, "users", { type: 2, pin: ALICE.pin }, from("203.0.113.8"));
    expect(neighbour.status).toBe(200);
  });

  it("counts 40 parallel wrong passwords of one user as atomically as 40 in a row", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        userToken(server, portal, "users", { type: 3, user: "bob", pwd: `guess-${i}` }, from(`192.0.2.${i + 100}`)),
      ),
    );
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(35);
  });

  it("ignores X-Forwarded-For from a client not registered as forwarding user addresses", async () => {
    for (let i = 0; i < 10; i++) {
      // A made-up address per attempt: it must not spread the failures.
      const res = await userToken(server, plain, "users", { type: 2, pin: `88888${i}` }, from(`192.0.2.${i + 1}`));
      expect(res.status).toBe(400);
    }
    const locked = await userToken(server, plain, "users", { type: 2, pin: ALICE.pin }, from("192.0.2.200"));
    expect(locked.status).toBe(429);
  });
});
